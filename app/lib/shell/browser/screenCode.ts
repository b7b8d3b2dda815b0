/**
 * The code of the screen at this address, loaded before the app starts.
 *
 * Remix's SPA build imports a screen's route module only once the app has started, and so after the
 * page's load event. Firefox and Safari stop a page's pending requests as soon as the technician
 * navigates away, and Remix takes a route module that failed to load for a new version on the
 * server: it reloads the page, and the reload replaces the technician's navigation (they stay on
 * the page they were leaving). Loading the module first, here, puts the failure where the app can
 * tell the two apart: the page is being left (the browser fired beforeunload), or the file is
 * really missing.
 */
import { screenModuleUrls, type ManifestRoute } from "../screenModules";

declare global {
  interface Window {
    __remixManifest?: { routes: Record<string, ManifestRoute> };
  }
}

/**
 * "loaded": the screen's code is in, the app starts without another request for it.
 * "leaving": it failed because the technician is leaving the page: nothing should replace that navigation.
 * Any other failure is thrown: Remix then handles it as before (it loads again, or reloads the page).
 */
export async function loadScreenCode(): Promise<"loaded" | "leaving"> {
  const routes = window.__remixManifest?.routes;
  if (!routes) return "loaded";
  let leaving = false;
  const noteLeaving = () => {
    leaving = true;
  };
  addEventListener("beforeunload", noteLeaving);
  try {
    await Promise.all(
      screenModuleUrls(routes, location.pathname).map((url) => import(/* @vite-ignore */ url) as Promise<unknown>),
    );
    return "loaded";
  } catch (error) {
    if (leaving) return "leaving";
    throw error;
  } finally {
    removeEventListener("beforeunload", noteLeaving);
  }
}
