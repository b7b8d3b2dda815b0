import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dependenciesFirst, staticImportsOf, withRootRunInSteps } from "~/lib/shell/codeInSteps";

// As Remix 2 writes it into index.html.
const remixModuleScript =
  '<script type="module" async="">import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\n\nwindow.__remixRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");</script>';

const chunkGraph: Record<string, string[]> = {
  "/assets/root-1.js": ["/assets/mantine.js", "/assets/react.js", "/assets/heading.js"],
  "/assets/mantine.js": ["/assets/reactDom.js", "/assets/react.js"],
  "/assets/reactDom.js": ["/assets/react.js"],
  "/assets/heading.js": ["/assets/mantine.js"],
  "/assets/react.js": [],
};
const importsOf = (chunk: string) => chunkGraph[chunk] ?? [];

describe("the first screen's code in steps", () => {
  it("runs each chunk after the chunks it imports", () => {
    expect(dependenciesFirst(["/assets/root-1.js"], importsOf)).toEqual([
      "/assets/react.js",
      "/assets/reactDom.js",
      "/assets/mantine.js",
      "/assets/heading.js",
      "/assets/root-1.js",
    ]);
  });

  it("puts every chunk after its imports, once, for any graph without cycles", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.nat(9), { maxLength: 4 }), { minLength: 10, maxLength: 10 }), (edges) => {
        // Chunk i imports only chunks with a higher number: no cycles.
        const graph = (chunk: string) => edges[Number(chunk)]!.filter((to) => to > Number(chunk)).map(String);
        const ordered = dependenciesFirst(["0"], graph);
        expect(new Set(ordered).size).toBe(ordered.length);
        for (const [position, chunk] of ordered.entries()) {
          for (const imported of graph(chunk)) expect(ordered.indexOf(imported)).toBeLessThan(position);
        }
      }),
    );
  });

  it("reads a built chunk's static imports, not its dynamic ones", () => {
    const source = 'var a=1;import{b as c}from"./index-C8.js";import"./side-1.js";const d=()=>import("./later-2.js");';
    expect(staticImportsOf(source)).toEqual(["/assets/index-C8.js", "/assets/side-1.js"]);
  });

  it("imports the root's chunks one by one in index.html, then the root as route0, then the rest of Remix's script", () => {
    const html = withRootRunInSteps(`<html><body>${remixModuleScript}</body></html>`, importsOf);
    expect(html).not.toContain("import * as route0");
    expect(html).toContain(
      '["/assets/react.js","/assets/reactDom.js","/assets/mantine.js","/assets/heading.js"]) { await import(chunk);',
    );
    expect(html).toContain(
      'const route0 = await import("/assets/root-1.js");\n\nwindow.__remixRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js"); })();</script></body></html>',
    );
    // No top-level await: the steps run in an async function, once the page notes when it is being left.
    expect(html).toContain(
      'import "/assets/manifest-1.js";\naddEventListener("beforeunload", () => { window.__pageBeingLeft = true; }); (async () => {',
    );
  });

  it("runs: route0 is the root module, after every chunk it imports, and the entry comes last", async () => {
    const html = withRootRunInSteps(remixModuleScript, importsOf);
    const script = /<script[^>]*>([\s\S]*)<\/script>/.exec(html)![1]!.replace('import "/assets/manifest-1.js";', "");
    const imported: string[] = [];
    const window: { __remixRouteModules?: { root: unknown } } = {};
    const run = new Function(
      "window",
      "importChunk",
      "performance",
      "setTimeout",
      "addEventListener",
      script.replaceAll("import(", "importChunk("),
    );
    const listeners: Record<string, () => void> = {};
    const listen = (type: string, listener: () => void) => (listeners[type] = listener);
    await run(window, async (chunk: string) => imported.push(chunk) && { chunk }, performance, setTimeout, listen);
    await new Promise((resume) => setTimeout(resume, 10));
    expect(imported).toEqual([
      "/assets/react.js",
      "/assets/reactDom.js",
      "/assets/mantine.js",
      "/assets/heading.js",
      "/assets/root-1.js",
      "/assets/entry.client-1.js",
    ]);
    expect(window.__remixRouteModules).toEqual({ root: { chunk: "/assets/root-1.js" } });
    listeners.beforeunload!();
    expect(window).toHaveProperty("__pageBeingLeft", true);
  });

  it("refuses a module script it does not know, so the build fails instead of a phone", () => {
    expect(() => withRootRunInSteps("<html><script type=module>import('/x.js')</script></html>", importsOf)).toThrow(
      "Remix's module script changed",
    );
  });
});
