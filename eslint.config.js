import js from "@eslint/js";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // The app writes to the console only through app/lib/logger.ts (VITE_SILENT).
    files: ["app/**"],
    ignores: ["app/lib/shell/logger.ts"],
    rules: { "no-console": "error" },
  },
  {
    // Domain logic stays plain TypeScript: no UI or framework imports, no any.
    files: ["app/lib/**"],
    ignores: ["app/lib/shell/toastSession.ts"],
    rules: {
      "@typescript-eslint/no-explicit-any": "error",
      "no-restricted-imports": [
        "error",
        { patterns: ["react", "react-dom", "react/*", "@remix-run/*", "@mantine/*", "remix-toast"] },
      ],
    },
  },
);
