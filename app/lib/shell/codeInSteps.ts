/**
 * The first screen's code run a step at a time (docs/performance.md, "The first screen"). Remix's
 * index.html imports the root route with one static import, and a static import runs every module it
 * needs in one task: React DOM, Mantine and the root, 15 to 25 ms here, a long task on a slow phone.
 * At build time its module script is rewritten to import the root's chunks one by one, each after the
 * chunks it imports, with a pause for the browser whenever a step has taken 5 ms.
 */

/** Every chunk reached from `roots`, each after the chunks it imports (depth first, post-order). */
export function dependenciesFirst(roots: readonly string[], importsOf: (chunk: string) => readonly string[]): string[] {
  const ordered: string[] = [];
  const seen = new Set<string>();
  const visit = (chunk: string) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const imported of importsOf(chunk)) visit(imported);
    ordered.push(chunk);
  };
  for (const root of roots) visit(root);
  return ordered;
}

/** The chunks a built chunk imports statically (`import{a}from"./x.js"`, `import"./x.js"`), as /assets/ addresses. */
export function staticImportsOf(chunkSource: string, folder = "/assets/"): string[] {
  const found = chunkSource.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g);
  return [...new Set([...found].map(([, file]) => `${folder}${file}`))];
}

/**
 * Set on window by index.html's script when the page is being left (beforeunload). The steps let the
 * load event come before the screen's code is asked for, so a technician may already be leaving when
 * app/lib/shell/browser/screenCode.ts starts listening: it reads this too.
 */
export const pageBeingLeftFlag = "__pageBeingLeft";

/** Remix's import of the root route, and the rest of its module script (which uses `route0`). */
const rootImport = /import \* as route0 from "([^"]+)";([\s\S]*?)<\/script>/;

/**
 * index.html with the root route's chunks imported in steps, then the rest of Remix's script as it was.
 * A promise chain, not a top-level await, so browsers the build targets that lack the latter still start.
 * Throws when Remix's module script is not as expected, so that a new Remix release is noticed at build
 * time, not on a phone.
 */
export function withRootRunInSteps(html: string, importsOf: (chunk: string) => readonly string[]): string {
  const match = rootImport.exec(html);
  if (!match) throw new Error('index.html has no `import * as route0 from "…"`: Remix\'s module script changed');
  const [, rootModule, rest] = match;
  const steps = dependenciesFirst([rootModule!], importsOf).filter((chunk) => chunk !== rootModule);
  const stepped =
    `addEventListener("beforeunload", () => { window.${pageBeingLeftFlag} = true; }); ` +
    `(async () => { let stepStart = performance.now(); ` +
    `for (const chunk of ${JSON.stringify(steps)}) { await import(chunk); ` +
    `if (performance.now() - stepStart > 5) { await new Promise((resume) => setTimeout(resume)); stepStart = performance.now(); } } ` +
    `const route0 = await import(${JSON.stringify(rootModule)});${rest} })();</script>`;
  return html.replace(rootImport, () => stepped);
}
