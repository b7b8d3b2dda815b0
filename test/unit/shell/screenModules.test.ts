import { describe, expect, it } from "vitest";
import { screenCodeInOrder, screenModuleUrls, type ManifestRoute } from "~/lib/shell/screenModules";

// As the build's manifest lists the app's routes (app/routes).
const routes: Record<string, ManifestRoute> = Object.fromEntries(
  (
    [
      { id: "root", path: "", module: "/assets/root.js" },
      { id: "routes/_index", parentId: "root", index: true, module: "/assets/_index.js" },
      { id: "routes/actions", parentId: "root", path: "actions", module: "/assets/actions.js" },
      { id: "routes/files", parentId: "root", path: "files", module: "/assets/files.js" },
      { id: "routes/records._index", parentId: "root", path: "records", index: true, module: "/assets/records.js" },
      { id: "routes/records.$recordId", parentId: "root", path: "records/:recordId", module: "/assets/record.js" },
      { id: "routes/$", parentId: "root", path: "*", module: "/assets/notFound.js" },
    ] satisfies ManifestRoute[]
  ).map((route) => [route.id, route]),
);

describe("the code of the screen at an address", () => {
  it("is the root's and the screen's route module", () => {
    expect(screenModuleUrls(routes, "/actions")).toEqual(["/assets/root.js", "/assets/actions.js"]);
    expect(screenModuleUrls(routes, "/files")).toEqual(["/assets/root.js", "/assets/files.js"]);
    expect(screenModuleUrls(routes, "/")).toEqual(["/assets/root.js", "/assets/_index.js"]);
  });

  it("follows index routes with a path, parameters and the page-not-found route", () => {
    expect(screenModuleUrls(routes, "/records")).toEqual(["/assets/root.js", "/assets/records.js"]);
    expect(screenModuleUrls(routes, "/records/abc-123")).toEqual(["/assets/root.js", "/assets/record.js"]);
    expect(screenModuleUrls(routes, "/wrong/address")).toEqual(["/assets/root.js", "/assets/notFound.js"]);
    expect(screenModuleUrls(routes, "/files/")).toEqual(["/assets/root.js", "/assets/files.js"]);
    expect(screenModuleUrls(routes, "/records/%E0%A4%A")).toEqual(["/assets/root.js", "/assets/record.js"]);
  });
});

describe("the order the screen's code is run in", () => {
  const withImports: Record<string, ManifestRoute> = {
    ...routes,
    root: { ...routes.root!, imports: ["/assets/react.js", "/assets/mantine.js"] },
    "routes/files": {
      ...routes["routes/files"]!,
      imports: ["/assets/react.js", "/assets/fileList.js", "/assets/zod.js"],
    },
  };

  it("is each route's imports, the last-listed first, then the route, root first", () => {
    expect(screenCodeInOrder(withImports, "/files")).toEqual([
      "/assets/mantine.js",
      "/assets/react.js",
      "/assets/root.js",
      "/assets/zod.js",
      "/assets/fileList.js",
      "/assets/files.js",
    ]);
  });

  it("is the route modules alone when the build lists no imports, and nothing for no route", () => {
    expect(screenCodeInOrder(routes, "/actions")).toEqual(["/assets/root.js", "/assets/actions.js"]);
    expect(screenCodeInOrder({}, "/actions")).toEqual([]);
  });
});
