import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

const frameworkImports = ["react", "react-dom", "react/*", "@remix-run/*", "@mantine/*", "remix-toast"];
// What the browser alone has: the model must not reach for it (the worker and tests run it without a page).
const browserGlobals = [
  "window", "document", "navigator", "localStorage", "sessionStorage", "indexedDB", "caches",
  "BroadcastChannel", "location", "self", "Worker", "fetch", "crypto", "history", "alert", "confirm",
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
    // The model (app/lib/<feature>/*.ts) is plain TypeScript: no UI or framework, no browser API, no any.
    // Browser adapters live apart in app/lib/<feature>/browser/ and may use the browser, never React or Remix.
    files: ["app/lib/**"],
    ignores: ["app/lib/*/browser/**"],
    languageOptions: { globals: {} },
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "no-restricted-globals": ["error", ...browserGlobals],
      "no-restricted-imports": ["error", { patterns: [...frameworkImports, "idb-keyval", "**/browser/*"] }],
    },
  },
  {
    files: ["app/lib/*/browser/**"],
    ignores: ["app/lib/shell/browser/toastSession.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "no-restricted-imports": ["error", { patterns: frameworkImports }],
    },
  },
  {
    // Nothing outside the routes imports a route module.
    files: ["app/**"],
    ignores: ["app/routes/**", "app/routes.ts", "app/root.tsx"],
    rules: { "no-restricted-imports": ["error", { patterns: ["~/routes/*", "**/routes/*"] }] },
  },
);
