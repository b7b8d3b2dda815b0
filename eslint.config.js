import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const frameworkImports = ["react", "react-dom", "react/*", "@remix-run/*", "@mantine/*", "remix-toast"];
const routeImports = ["~/routes/*", "**/routes/*"];
// What the browser alone has: the model must not reach for it (the worker and tests run it without a page).
const browserGlobals = [
  "window",
  "document",
  "navigator",
  "localStorage",
  "sessionStorage",
  "indexedDB",
  "caches",
  "BroadcastChannel",
  "location",
  "self",
  "Worker",
  "fetch",
  "crypto",
  "history",
  "alert",
  "confirm",
];

// Each feature's adapters are its own: a route hands them to another feature's handlers and components.
// typescript-eslint's rule, which lets type imports through, and leaves the no-restricted-imports above as it is.
const features = ["calculator", "card", "catalogue", "merger", "records"];
const otherFeaturesAdapters = (feature) => [
  "error",
  {
    patterns: [
      {
        group: features.filter((other) => other !== feature).map((other) => `**/${other}/browser/*`),
        allowTypeImports: true,
        message: "No feature imports another's browser adapters: its route hands them in (docs/architecture.md).",
      },
    ],
  },
];

export default tseslint.config(
  { ignores: ["build/", "node_modules/", "playwright-report/", "test-results/", ".cache/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx,js,mjs}"],
    plugins: { react, "react-hooks": reactHooks },
    settings: { react: { version: "detect" } },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
    },
  },
  {
    // The app writes to the console only through app/lib/shell/logger.ts (VITE_SILENT).
    files: ["app/**"],
    ignores: ["app/lib/shell/logger.ts"],
    rules: { "no-console": "error" },
  },
  {
    // Nothing outside the routes imports a route module. The model's and the adapters' lists below repeat it:
    // a later no-restricted-imports replaces this one where both apply.
    files: ["app/**"],
    ignores: ["app/routes/**", "app/routes.ts", "app/root.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: routeImports }] },
  },
  {
    // The model (app/lib/<feature>/*.ts) is plain TypeScript: no UI or framework, no browser API, no any.
    // Browser adapters live apart in app/lib/<feature>/browser/ and may use the browser, never React or Remix.
    files: ["app/lib/**"],
    ignores: ["app/lib/*/browser/**"],
    languageOptions: { globals: {} },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "no-restricted-globals": ["error", ...browserGlobals],
      "no-restricted-imports": [
        "error",
        { patterns: [...frameworkImports, "idb-keyval", "**/browser/*", ...routeImports] },
      ],
    },
  },
  {
    files: ["app/lib/*/browser/**"],
    ignores: ["app/lib/shell/browser/toastSession.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "no-restricted-imports": ["error", { patterns: [...frameworkImports, ...routeImports] }],
    },
  },
  ...features.map((feature) => ({
    files: [`app/lib/${feature}/**`, `app/components/${feature}/**`],
    rules: { "@typescript-eslint/no-restricted-imports": otherFeaturesAdapters(feature) },
  })),
  {
    // A browser spec takes `test` from test/e2e/test.ts, whose tests keep the worker's browser context between them.
    files: ["test/e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test"],
              message: "Take test from test/e2e/test.ts: it keeps the browser context between tests, emptied.",
            },
          ],
        },
      ],
    },
  },
);
