import { matchRoutes } from "@remix-run/react";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { earlyInputScript } from "~/lib/shell/browser/earlyInputScript";
import { routedPath } from "~/lib/shell/routedPath";
import { screenHeadings } from "~/lib/shell/screenHeadings";

// The app's screens as the router holds them (app/routes): a route path matches in any case, decoded.
const routes = [
  {
    id: "root",
    path: "",
    children: [
      { id: "/", index: true },
      { id: "/files", path: "files" },
      { id: "/actions", path: "actions" },
      { id: "/records", path: "records" },
      { id: "/records/:recordId", path: "records/:recordId" },
      { id: "not found", path: "*" },
    ],
  },
];
const screenOfRouter = (pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route.id;

const addressParts = fc.constantFrom(
  "/",
  "//",
  "files",
  "FILES",
  "Files",
  "fIlEs",
  "%66iles",
  "%46ILES",
  "fi%6Ces",
  "%2F",
  "%",
  "%E0%A4",
  "\ufb01les",
  "file\u017f",
  "F\u0130LES",
  "actions",
  "ACTIONS",
  "records",
  "x",
);
const anyAddress = fc.array(addressParts, { maxLength: 5 }).map((parts) => `/${parts.join("")}`);

describe("an address's screen (/FILES is the files screen, as the router shows it)", () => {
  it("is the screen's path in any case of A–Z, with trailing slashes left off and escapes decoded", () => {
    expect(routedPath("/files")).toBe("/files");
    expect(routedPath("/FILES")).toBe("/files");
    expect(routedPath("/Files/")).toBe("/files");
    expect(routedPath("/%66iles//")).toBe("/files");
    expect(routedPath("/")).toBe("/");
    expect(routedPath("///")).toBe("/");
    expect(routedPath("/file\u017f")).toBe("/file\u017f");
    expect(routedPath("/files%2Fx")).toBe("/files%2fx");
    expect(routedPath("/%E0%A4/FILES")).toBe("/%e0%a4/files");
  });

  it("agrees with the router on every screen the first paint shows, for any address", () => {
    // The router warns of each address it cannot decode (a "%" alone), as it should.
    vi.spyOn(console, "warn").mockImplementation(() => {});
    fc.assert(
      fc.property(anyAddress, (address) => {
        for (const screen of Object.keys(screenHeadings))
          expect(routedPath(address) === screen, `${address} ${screen}`).toBe(screenOfRouter(address) === screen);
      }),
    );
  });

  it("is carried by index.html's early input script, which asks it whether the page is /files", () => {
    // Evaluated on its own, as the inline script has it: it uses nothing outside itself and holds no "<".
    const ownText = String(routedPath);
    expect(ownText).not.toContain("<");
    const evaluated = new Function(`return (${ownText})`)() as typeof routedPath;
    fc.assert(
      fc.property(anyAddress, (address) => {
        expect(evaluated(address)).toBe(routedPath(address));
      }),
    );
    expect(earlyInputScript).toContain(ownText);
    expect(earlyInputScript).toContain('onFiles=function(){return routedPath(location.pathname)==="/files"}');
    expect(earlyInputScript).not.toContain("<");
  });
});
