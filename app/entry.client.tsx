import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { loadScreenCode } from "~/lib/shell/browser/screenCode";

let started = false;
function startApp() {
  if (started) return;
  started = true;
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// The screen's code first (screenCode.ts says why), then the app. When the technician is leaving the
// page, the app does not start: the navigation goes on. Should the page stay after all (the technician
// stopped that navigation), the app starts at their next touch or key.
loadScreenCode().then(
  (outcome) => {
    if (outcome === "loaded") {
      startApp();
      return;
    }
    for (const type of ["pointerdown", "keydown"]) addEventListener(type, startApp, { once: true });
  },
  // Another failure: Remix loads the module again itself, and reloads the page if it still cannot.
  startApp,
);
