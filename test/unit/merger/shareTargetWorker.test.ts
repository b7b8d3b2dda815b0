/**
 * public/share-target-sw.js as the service worker runs it (a plain script, loaded by importScripts): it keeps
 * what the technician's own device shares and nothing a page of another site posts; the app lists what it kept.
 */
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listWaitingShares, readWaitingShare } from "~/lib/merger/browser/sharedFiles";
import { fakeCacheStorage } from "../fakeCacheStorage";

const workerScript = readFileSync("public/share-target-sw.js", "utf8");
const appOrigin = "http://127.0.0.1:4310";
const appPageId = "app-page";

interface FetchEventLike {
  request: Request;
  clientId: string;
  respondWith(response: Response | Promise<Response>): void;
}

/** The worker with an empty cache; the app's own open page is the only client it can see. */
function startWorker() {
  const fetchListeners: ((event: FetchEventLike) => void)[] = [];
  const caches = fakeCacheStorage(appOrigin);
  const self = {
    location: new URL(`${appOrigin}/sw.js`),
    addEventListener: (type: string, listener: (event: FetchEventLike) => void) => {
      if (type === "fetch") fetchListeners.push(listener);
    },
    clients: { get: async (id: string) => (id === appPageId ? { id } : undefined) },
  };
  runInNewContext(workerScript, { self, caches, crypto, Response, URL, Date });
  vi.stubGlobal("caches", caches);

  /** A POST to the share target, as the browser hands it to the worker; the response, or null when left to the network. */
  async function share(
    headers: Record<string, string>,
    clientId = "",
    files = [new File(["P001\r\n999\r\n"], "KUNDESPEC_evil.txt", { type: "text/plain" })],
    path = "/files/share",
  ): Promise<Response | null> {
    const body = new FormData();
    for (const file of files) body.append("file", file);
    let response: Promise<Response> | null = null;
    const request = new Request(`${appOrigin}${path}`, { method: "POST", body });
    // Origin and Sec-Fetch-Site are the browser's to set: a Request made by a script drops them, so they are put in here.
    Object.defineProperty(request, "headers", {
      value: new Headers({ ...headers, ...Object.fromEntries(request.headers) }),
    });
    const event: FetchEventLike = {
      request,
      clientId,
      respondWith: (answer) => (response = Promise.resolve(answer)),
    };
    for (const listener of fetchListeners) listener(event);
    return response;
  }
  return { share };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the share target refuses what another site sends", () => {
  it.each([
    ["a form on another site", { Origin: "http://127.0.0.2:4311" }, "page-of-another-site"],
    ["a form on the same host, another port", { Origin: "http://127.0.0.1:4311" }, "page-of-another-site"],
    ["a page of another site hiding its origin", { Origin: "null" }, "page-of-another-site"],
    ["Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }, ""],
    ["Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site" }, ""],
    ["another origin even with no page", { Origin: "https://evil.example" }, ""],
  ])("%s: the app opens on /files and nothing is kept", async (_, headers, clientId) => {
    const { share } = startWorker();
    const response = await share(headers, clientId);
    expect(response?.status).toBe(303);
    expect(response?.headers.get("Location")).toBe(`${appOrigin}/files`);
    expect(await listWaitingShares()).toEqual([]);
  });
});

describe("the share target keeps what this device shares, to wait for Add", () => {
  it.each([
    // Chromium's share sheet: the browser starts the request, no page does, and its Origin is opaque.
    ["the share sheet", { Origin: "null", "Sec-Fetch-Site": "none" }, ""],
    ["a page of the app itself", { Origin: appOrigin, "Sec-Fetch-Site": "same-origin" }, appPageId],
    ["the share sheet over an open page of the app", { Origin: "null" }, appPageId],
  ])("%s: the files wait, named as shared, in order", async (_, headers, clientId) => {
    const { share } = startWorker();
    const files = [
      new File(["P1\n1\n"], "b.txt", { type: "text/plain" }),
      new File(["P2\n2\n"], "a <img src=x onerror=alert(1)>.txt", { type: "" }),
    ];
    const response = await share(headers, clientId, files);
    expect(response?.headers.get("Location")).toBe(`${appOrigin}/files`);
    const shares = await listWaitingShares();
    expect(shares).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        sharedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        files: [
          { name: "b.txt", type: "text/plain" },
          { name: "a <img src=x onerror=alert(1)>.txt", type: "" },
        ],
      },
    ]);
    const read = await readWaitingShare(shares[0]!.id);
    expect(await Promise.all(read.map((file) => file.text()))).toEqual(["P1\n1\n", "P2\n2\n"]);
  });

  it("gives every share its own unguessable id", async () => {
    const { share } = startWorker();
    await share({ Origin: "null" });
    await share({ Origin: "null" });
    const ids = (await listWaitingShares()).map((waiting) => waiting.id);
    expect(new Set(ids).size).toBe(2);
  });

  it("leaves every other request to the rest of the worker", async () => {
    const { share } = startWorker();
    expect(await share({ Origin: appOrigin }, appPageId, undefined, "/files")).toBeNull();
  });
});
