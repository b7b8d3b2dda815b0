import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { vitePlugin as remix, type Preset } from "@remix-run/dev";
import { RemixVitePWA } from "@vite-pwa/remix";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { staticImportsOf, withRootRunInSteps } from "./app/lib/shell/codeInSteps";
import { withInlineScriptHashes } from "./app/lib/shell/contentSecurityPolicy";
import { serviceWorkerUrl } from "./app/lib/shell/offlineNews";
import { productDescription, productName, themeColor } from "./app/lib/shell/product";

const { RemixVitePWAPlugin, RemixPWAPreset } = RemixVitePWA();

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

/** Mantine's useId without its second render after mount: app/components/shell/mantineUseId.ts says why. */
function mantineUseReactId(): Plugin {
  const replacement = fileURLToPath(new URL("./app/components/shell/mantineUseId.ts", import.meta.url));
  return {
    name: "mantine-use-react-id",
    enforce: "pre",
    resolveId(source, importer) {
      return source === "./use-id/use-id.mjs" && importer?.includes("/@mantine/hooks/") ? replacement : null;
    },
  };
}

/**
 * Icons imported by name from Tabler's index, imported from each icon's own module instead: the index re-exports
 * all 6,288 icons, which the build and every test file that renders a screen would otherwise load and transform
 * (Next.js does the same for this package: optimizePackageImports). A name without a module of its own (an alias)
 * leaves its import as written.
 */
function tablerIconsOneByOne(): Plugin {
  const iconModule = (icon: string) => `@tabler/icons-react/dist/esm/icons/${icon}.mjs`;
  const hasModule = (icon: string) =>
    existsSync(fileURLToPath(new URL(`./node_modules/${iconModule(icon)}`, import.meta.url)));
  return {
    name: "tabler-icons-one-by-one",
    transform(code, id) {
      if (id.includes("/node_modules/") || !code.includes("@tabler/icons-react")) return null;
      const imports = /import\s*\{([^}]*)\}\s*from\s*["']@tabler\/icons-react["'];?/g;
      const oneByOne = code.replace(imports, (whole, names: string) => {
        const icons = names
          .split(",")
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => name.split(/\s+as\s+/));
        if (!icons.every(([icon]) => hasModule(icon!))) return whole;
        return icons.map(([icon, local = icon]) => `import ${local} from "${iconModule(icon!)}";`).join("");
      });
      return oneByOne === code ? null : { code: oneByOne, map: null };
    },
  };
}

/**
 * After Remix has written the SPA's index.html (the server build's writeBundle) and before the service worker
 * precaches it (Remix's buildEnd): its module script imports the root's chunks a step at a time
 * (app/lib/shell/codeInSteps.ts), and its Content-Security-Policy gets the hash of each of its inline scripts in
 * place of 'unsafe-inline' (app/lib/shell/contentSecurityPolicy.ts).
 */
function hashInlineScripts(): Plugin {
  let serverBuild = false;
  const indexHtml = fileURLToPath(new URL("./build/client/index.html", import.meta.url));
  return {
    name: "csp-inline-script-hashes",
    apply: "build",
    configResolved(config) {
      serverBuild = !!config.build.ssr;
    },
    closeBundle() {
      if (!serverBuild || !existsSync(indexHtml)) return;
      const sha256Base64 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");
      const clientFolder = fileURLToPath(new URL("./build/client", import.meta.url));
      const chunkImports = (chunk: string) => staticImportsOf(readFileSync(`${clientFolder}${chunk}`, "utf8"));
      const html = withRootRunInSteps(readFileSync(indexHtml, "utf8"), chunkImports);
      writeFileSync(indexHtml, withInlineScriptHashes(html, sha256Base64));
    },
  };
}

/**
 * The .ts tests that need a page: of a browser adapter (app/lib/…/browser/), the service worker, the page's scripts.
 * A new test of a browser adapter goes here; the .tsx tests (screens) all run in a page.
 */
const testsInABrowserPage = [
  "test/unit/merger/addedFiles.test.ts",
  "test/unit/card/cardFolder.test.ts",
  "test/unit/merger/shareTargetWorker.test.ts",
  "test/unit/merger/valueDifference.test.ts",
  "test/unit/records/serviceRecordStore.test.ts",
  "test/unit/shell/codeInSteps.test.ts",
  "test/unit/shell/contentSecurityPolicy.test.ts",
  "test/unit/shell/serviceWorkerRegistration.test.ts",
  "test/unit/shell/sha256.test.ts",
  "test/unit/shell/toastSession.test.ts",
];

/**
 * The page tests that keep something between their tests in the page or in a module (IndexedDB, the stores the app
 * opens once, mocked modules): each runs in a page of its own.
 */
const testsWithStorage = [
  "test/unit/card/cardFolder.test.ts",
  "test/unit/merger/browserAbilities.test.tsx",
  "test/unit/merger/filesRoute.test.tsx",
  "test/unit/merger/sharedFilesRoute.test.tsx",
  "test/unit/records/recordsRoute.test.tsx",
  "test/unit/records/recordsStorage.test.tsx",
  "test/unit/records/serviceRecordStore.test.ts",
  "test/unit/shell/offlineNotices.test.tsx",
];

export default defineConfig({
  // Chunks under 8 KB go into the chunks that import them: /files loaded 42 scripts and /actions 32, most of them
  // a few hundred bytes, and each request costs the browser's other processes time that a 2-core phone takes from
  // the page (docs/performance.md: 33 and 23 now, Lighthouse 77 → 85.5 and 86 → 92.5 in interleaved rounds).
  build: { rollupOptions: { output: { experimentalMinChunkSize: 8_000 } } },
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
    },
  },
  plugins: [
    mantineUseReactId(),
    tablerIconsOneByOne(),
    !process.env.VITEST && hashInlineScripts(),
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
        // @vite-pwa/remix ships types built against another Vite release; the preset itself fits.
        presets: [RemixPWAPreset() as unknown as Preset],
      }),
    // Precaches the whole built app, so that after one visit every screen works with the network off.
    !process.env.VITEST &&
      RemixVitePWAPlugin({
        registerType: "prompt",
        // The app registers the worker itself (app/lib/shell/browser/serviceWorker.ts), under this name.
        injectRegister: false,
        filename: serviceWorkerUrl.slice(1),
        manifest: {
          name: productName,
          short_name: "Toolbox",
          description: productDescription,
          start_url: "/",
          scope: "/",
          display: "standalone",
          theme_color: themeColor,
          background_color: "#ffffff",
          icons: [
            { src: "/icon-192.png", sizes: "192x192", type: "image/png" },
            { src: "/icon-512.png", sizes: "512x512", type: "image/png" },
            { src: "/icon-512-maskable.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
          ],
          // "Open with" from the file manager: the files arrive through window.launchQueue on /files.
          file_handlers: [{ action: "/files", accept: { "text/plain": [".txt"] } }],
          // Android's share sheet: public/share-target-sw.js receives the POST in the service worker.
          share_target: {
            action: "/files/share",
            method: "POST",
            enctype: "multipart/form-data",
            params: { files: [{ name: "file", accept: ["text/plain", ".txt"] }] },
          },
        },
        workbox: {
          globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
          // Runs before Workbox's own routes, so the share POST is answered here.
          importScripts: ["/share-target-sw.js"],
        },
      }),
  ],
  test: {
    restoreMocks: true,
    // A worker per core. Vitest keeps one core for itself by default, which on a 2-core machine left one worker and
    // made the run last 75 s instead of 44 s.
    maxWorkers: availableParallelism(),
    // Setting up happy-dom and the Testing Library for each file took longer than the tests of the pure model
    // (app/lib outside browser/, which ESLint keeps free of browser globals): those run in plain Node.
    projects: [
      {
        extends: true,
        test: {
          name: "model",
          environment: "node",
          // The model keeps no module state (app/lib's rule), so its test files can share the modules they import
          // instead of importing them again for each file.
          isolate: false,
          include: ["test/unit/**/*.test.ts"],
          exclude: testsInABrowserPage,
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          environment: "happy-dom",
          include: ["test/unit/**/*.test.tsx", ...testsInABrowserPage],
          exclude: testsWithStorage,
          setupFiles: ["test/unit/setup.ts"],
          // Screens and adapters that hold nothing between files share the modules they import, as the model does.
          isolate: false,
          // A screen test waits up to 5 s for each thing it looks for (setup.ts); one that looks for several must
          // not be cut off by the test's own limit when a shared machine is busy (it was, at 5 s).
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: "browser with storage",
          environment: "happy-dom",
          include: testsWithStorage,
          setupFiles: ["test/unit/setup.ts"],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
