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
import { pageBeingLeftFlag } from "../codeInSteps";
import { screenCodeInOrder, screenModuleUrls, type ManifestRoute } from "../screenModules";

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
    if (canPreloadModules()) await evaluateInSteps(screenCodeInOrder(routes, location.pathname));
    else await Promise.all(screenModuleUrls(routes, location.pathname).map(importModule));
    return "loaded";
  } catch (error) {
    // index.html notes a beforeunload that came before this listener (codeInSteps.ts).
    if (leaving || Reflect.get(window, pageBeingLeftFlag) === true) return "leaving";
    throw error;
  } finally {
    removeEventListener("beforeunload", noteLeaving);
  }
}

const importModule = (url: string) => import(/* @vite-ignore */ url) as Promise<unknown>;

function canPreloadModules(): boolean {
  return document.createElement("link").relList.supports("modulepreload");
}

/** Fetched and compiled, not run; a failure is left to the import that follows. */
function preloadModule(url: string): Promise<void> {
  if (document.querySelector(`link[rel="modulepreload"][href="${CSS.escape(url)}"]`)) return Promise.resolve();
  return new Promise((settled) => {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = url;
    link.onload = link.onerror = () => settled();
    document.head.append(link);
  });
}

/** Lets the browser paint and answer input before the next step. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resumed) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resumed();
    channel.port2.postMessage(null);
  });
}

/** As React's scheduler does: a slow phone takes about four times as long, still far under 50 ms. */
const stepBudgetMs = 5;

/**
 * The screen's modules, fetched all at once and then run a few at a time, each run its own task.
 * Importing the route module alone runs every module it needs in one task: 20 to 30 ms on this
 * machine, a long task on a slow phone, while the technician may already be tapping the screen.
 */
async function evaluateInSteps(urls: string[]): Promise<void> {
  await Promise.all(urls.map(preloadModule));
  let stepStart = performance.now();
  for (const url of urls) {
    await importModule(url);
    if (performance.now() - stepStart > stepBudgetMs) {
      await yieldToBrowser();
      stepStart = performance.now();
    }
  }
}
