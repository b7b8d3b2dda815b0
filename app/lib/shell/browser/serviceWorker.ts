/**
 * Registers the service worker and tells what its state means (offlineNews.ts has the rule), each time it
 * may have changed: on registration, when a worker is found, and whenever one changes state.
 */
import { logger } from "~/lib/shell/logger";
import { offlineNews, serviceWorkerUrl, type OfflineNews } from "../offlineNews";

export interface ServiceWorkerConnection {
  /** Swaps to the waiting version and reloads once it controls the page; reloads at once if none waits. */
  reloadToNewVersion(): void;
  /** Stops telling (the listeners go; the worker stays registered). */
  stop(): void;
}

export function registerServiceWorker(onNews: (news: OfflineNews) => void): ServiceWorkerConnection {
  const container = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
  if (!container) return { reloadToNewVersion: () => location.reload(), stop: () => undefined };
  const controlledAtLoad = container.controller !== null;
  let registration: ServiceWorkerRegistration | null = null;
  let stopped = false;
  const watched = new Set<ServiceWorker>();

  function tell() {
    if (stopped || !registration) return;
    for (const worker of [registration.installing, registration.waiting, registration.active]) {
      if (worker && !watched.has(worker)) {
        watched.add(worker);
        worker.addEventListener("statechange", tell);
      }
    }
    onNews(
      offlineNews({
        controlledAtLoad,
        activated: registration.active?.state === "activated",
        waiting: registration.waiting !== null,
      }),
    );
  }

  container
    .register(serviceWorkerUrl, { scope: "/" })
    .then((registered) => {
      registration = registered;
      registered.addEventListener("updatefound", tell);
      tell();
      // WebKit may not tell this page's worker objects that an install begun on an earlier page has ended:
      // "ready" still comes once a worker is active.
      void container.ready.then(tell);
    })
    .catch((error: unknown) => logger.error("Something went wrong", error));

  return {
    reloadToNewVersion() {
      const waiting = registration?.waiting;
      if (!waiting) {
        location.reload();
        return;
      }
      container.addEventListener("controllerchange", () => location.reload(), { once: true });
      // The worker's own message (vite-plugin-pwa's prompt mode): it stops waiting and takes over.
      waiting.postMessage({ type: "SKIP_WAITING" });
    },
    stop() {
      stopped = true;
      registration?.removeEventListener("updatefound", tell);
      for (const worker of watched) worker.removeEventListener("statechange", tell);
    },
  };
}
