// app/mantine.css loads Mantine's styles per component instead of the whole
// stylesheet. A component the app starts to use without its file there would
// show unstyled, so this follows what the app imports from Mantine down to the
// CSS modules those components use, and compares with the file.
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const appFolder = "app";
const mantineCss = readFileSync(join(appFolder, "mantine.css"), "utf8");
const coreEsm = "node_modules/@mantine/core/esm";
const coreStyles = "node_modules/@mantine/core/styles";

/** Always needed (https://mantine.dev/styles/global-styles), not tied to a component. */
const globalStyles = ["baseline", "global", "default-css-variables"];
/**
 * Checkbox.Card/Indicator and Radio.Card/Indicator come along as static members of
 * Checkbox and Radio; the app renders none of them (checked below), so their CSS stays out.
 */
const notRendered = ["CheckboxCard", "CheckboxIndicator", "RadioCard", "RadioIndicator"];

function sourceFilesOf(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFilesOf(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [path] : [];
  });
}

/** The names a file imports from a package, e.g. Button and Group from `import { Button, Group } from "@mantine/core"`. */
function namesImportedFrom(source: string, packageName: string): string[] {
  const imports = source.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/g);
  return [...imports]
    .filter(([statement, , from]) => from === packageName && !statement.startsWith("import type"))
    .flatMap(([, names]) => names!.split(","))
    .map((name) => name.trim().split(/\s+as\s+/)[0]!)
    .filter((name) => name !== "" && !name.startsWith("type "));
}

const coreIndex = readFileSync(join(coreEsm, "index.mjs"), "utf8");
/** The file of @mantine/core that defines a name; none for what it passes on from another package. */
function coreFileOf(name: string): string[] {
  const exported = [...coreIndex.matchAll(/export\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)].find(([, names]) =>
    names!.split(",").some((exportedName) => exportedName.trim() === name),
  );
  if (!exported) throw new Error(`@mantine/core does not export ${name}`);
  return exported[2]!.startsWith(".") ? [join(coreEsm, exported[2]!)] : [];
}

/** The CSS modules (as styles/ file names) a Mantine file uses, following its relative imports. */
function cssModulesReachedFrom(files: string[]): Set<string> {
  const seen = new Set<string>();
  const cssModules = new Set<string>();
  const pending = [...files];
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, imported] of readFileSync(file, "utf8").matchAll(/^import\s+(?:[^'"]*from\s+)?'(\.[^']+)'/gm)) {
      const path = join(dirname(file), imported!);
      if (path.endsWith(".module.css.mjs")) cssModules.add(path.split("/").pop()!.replace(".module.css.mjs", ""));
      else pending.push(path);
    }
  }
  return cssModules;
}

const appSources = sourceFilesOf(appFolder).map((file) => readFileSync(file, "utf8"));
/** What the app and the other Mantine packages it uses take from @mantine/core. */
const coreNamesUsed = new Set([
  ...appSources.flatMap((source) => namesImportedFrom(source, "@mantine/core")),
  ...["notifications", "dropzone"].flatMap((extension) =>
    sourceFilesOf(`node_modules/@mantine/${extension}/esm`).flatMap((file) =>
      namesImportedFrom(readFileSync(file, "utf8"), "@mantine/core"),
    ),
  ),
]);
const neededStyles = cssModulesReachedFrom([...coreNamesUsed].flatMap(coreFileOf));
const importedStyles = [...mantineCss.matchAll(/@import\s+"@mantine\/core\/styles\/([\w-]+)\.css";/g)].map(
  ([, name]) => name!,
);

describe("Mantine's styles per component (app/mantine.css)", () => {
  it("imports the styles of every Mantine component the app renders, and no others", () => {
    const expected = [...globalStyles, ...[...neededStyles].filter((name) => !notRendered.includes(name))];
    expect([...importedStyles].sort()).toEqual(expected.sort());
  });

  it("renders none of the components whose styles are left out", () => {
    const used = appSources.filter((source) => /\b(Checkbox|Radio)\.(Card|Indicator)\b/.test(source));
    expect(used).toEqual([]);
  });

  it("keeps the order of Mantine's whole stylesheet, so the cascade is the same", () => {
    const whole = readFileSync("node_modules/@mantine/core/styles.css", "utf8");
    const positions = importedStyles.map((name) => {
      // Files and whole differ in spacing here and there; the first rule's selector places a file.
      const firstLine = readFileSync(join(coreStyles, `${name}.css`), "utf8").split("\n")[0]!;
      const position = whole.indexOf(firstLine);
      expect(position, `${relative(".", join(coreStyles, name))}.css is part of styles.css`).toBeGreaterThanOrEqual(0);
      return position;
    });
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});
