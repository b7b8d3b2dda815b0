import { fileURLToPath } from "node:url";
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vitest/config";

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  resolve: {
    alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) },
  },
  plugins: [
    // The Remix plugin compiles routes for the browser build; under vitest the
    // route modules are imported directly and the plugin must stay out.
    !process.env.VITEST &&
      remix({
        ssr: false,
        future: {
          v3_fetcherPersist: true,
          v3_relativeSplatPath: true,
          v3_throwAbortReason: true,
          v3_lazyRouteDiscovery: true,
          v3_singleFetch: true,
          v3_routeConfig: true,
        },
      }),
  ],
  test: {
    environment: "happy-dom",
    include: ["test/unit/**/*.test.{ts,tsx}"],
    setupFiles: ["test/unit/setup.ts"],
    restoreMocks: true,
  },
});
