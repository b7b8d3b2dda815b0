// The app renders MantineProvider without its CSS variables and loads app/themeVariables.css instead
// (scripts/themeVariables.tsx says why). If app/theme.ts or Mantine changes and the file is not written
// again, a colour, radius or font of the theme would silently fall back to Mantine's default.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { mantineThemeRules, themeVariablesCss, themeVariablesFile } from "../../../scripts/themeVariables";

const rootSource = readFileSync("app/root.tsx", "utf8");

describe("the theme's CSS variables", () => {
  it("are in app/themeVariables.css exactly as MantineProvider would write them (else: npx vite-node scripts/writeThemeVariables.ts)", () => {
    expect(readFileSync(themeVariablesFile, "utf8")).toBe(themeVariablesCss());
  });

  it("hold the theme's own choices, not only Mantine's defaults", () => {
    const declarations = mantineThemeRules().flatMap((rule) => rule.declarations);
    expect(declarations).toContain("--mantine-color-blue-filled: var(--mantine-color-blue-8)");
    expect(declarations.some((line) => line.startsWith("--mantine-font-family: system-ui"))).toBe(true);
  });

  it("load with the app, and the provider does not write them again", () => {
    expect(rootSource).toContain('import "./themeVariables.css";');
    expect(rootSource).toMatch(/<MantineProvider[^>]*withCssVariables=\{false\}/);
  });
});
