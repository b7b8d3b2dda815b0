// Stands in for vite-plugin-pwa's virtual module under vitest, where no service worker exists.
import { useState } from "react";

export function useRegisterSW() {
  return {
    needRefresh: useState(false),
    offlineReady: useState(false),
    updateServiceWorker: async () => undefined,
  };
}
