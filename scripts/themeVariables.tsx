// The CSS variables MantineProvider would write into the page for app/theme.ts, as a stylesheet
// (app/themeVariables.css). MantineProvider computes them on every render of the provider, the
// defaults too, to leave those out: about 9 ms of the first screen's main thread on a slow phone.
// The app renders the provider with withCssVariables={false} and loads this file instead.
// After a change to app/theme.ts: npx vite-node scripts/writeThemeVariables.ts (a unit test checks it).
import { MantineProvider } from "@mantine/core";
import { renderToStaticMarkup } from "react-dom/server";
import { theme } from "../app/theme";

export const themeVariablesFile = "app/themeVariables.css";

/** Each rule of the stylesheet Mantine writes for the theme: its selector and declarations, in order. */
export function mantineThemeRules(): { selector: string; declarations: string[] }[] {
  const page = renderToStaticMarkup(
    <MantineProvider theme={theme}>
      <p />
    </MantineProvider>,
  );
  const css = page.match(/<style data-mantine-styles="true">([\s\S]*?)<\/style>/)?.[1] ?? "";
  return [...css.matchAll(/([^{}]+)\{([^}]*)\}/g)].map(([, selector, body]) => ({
    selector: selector!.trim(),
    declarations: body!
      .split(";")
      .map((declaration) => declaration.trim())
      .filter(Boolean),
  }));
}

export function themeVariablesCss(): string {
  const rules = mantineThemeRules().map(
    ({ selector, declarations }) => `${selector} {\n${declarations.map((line) => `  ${line};`).join("\n")}\n}\n`,
  );
  return `/* Written by scripts/themeVariables.tsx from app/theme.ts: do not edit. */\n${rules.join("\n")}`;
}
