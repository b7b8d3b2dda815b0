/**
 * public/share-target-sw.js as the service worker runs it (a plain script, loaded by importScripts): it keeps
 * what the technician's own device shares and nothing a page of another site posts; the app lists what it kept.
 */
import { readFileSync } from "node:fs";
import { runInNewContext } from "node:vm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { listWaitingShares, readWaitingShare, refusedShareMarked } from "~/lib/merger/browser/sharedFiles";
import { refusedShareQuery } from "~/lib/merger/sharedFiles";
import { fakeCacheStorage } from "../fakeCacheStorage";

const workerScript = readFileSync("public/share-target-sw.js", "utf8");
const appOrigin = "http://127.0.0.1:4310";
const appPageId = "app-page";
// What Chrome's share sheet writes (net::GenerateMimeMultipartBoundary), and what Chromium writes for a page's form.
const shareSheetBoundary = "----MultipartBoundary--AbCdEfGhIjKlMnOpQrStUvWxYz0123----";
const pageFormBoundary = "----WebKitFormBoundary34Xr1bICbbKCMgvr";
const multipart = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/** What the service worker reads off a share request (shareRefusal's argument). */
interface ShareRequest {
  destination: string;
  origin: string | null;
  fetchSite: string | null;
  contentType: string | null;
  sender: "no page" | "an app page" | "a page of another site";
}

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
  const scope: Record<string, unknown> = { self, caches, crypto, Response, URL, Date };
  runInNewContext(workerScript, scope);
  vi.stubGlobal("caches", caches);
  const shareRefusal = scope.shareRefusal as (request: ShareRequest, appOrigin: string) => string | null;

  /** A POST to the share target, as the browser hands it to the worker; the response, or null when left to the network. */
  async function share(
    sent: { headers?: Record<string, string>; clientId?: string; destination?: string; boundary?: string },
    files = [new File(["P001\r\n999\r\n"], "KUNDESPEC_evil.txt", { type: "text/plain" })],
    path = "/files/share",
  ): Promise<Response | null> {
    const boundary = sent.boundary ?? pageFormBoundary;
    const parts: BlobPart[] = files.flatMap((file) => [
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n`,
      // A file with no type goes as application/octet-stream, as browsers send it.
      `Content-Type: ${file.type || "application/octet-stream"}\r\n\r\n`,
      file,
      "\r\n",
    ]);
    const request = new Request(`${appOrigin}${path}`, {
      method: "POST",
      body: new Blob([...parts, `--${boundary}--\r\n`]),
    });
    // Origin, Sec-Fetch-Site and the destination are the browser's to set: a Request made by a script cannot, so
    // they are put in here.
    Object.defineProperty(request, "headers", {
      value: new Headers({ "Content-Type": multipart(boundary), ...sent.headers }),
    });
    Object.defineProperty(request, "destination", { value: sent.destination ?? "document" });
    let response: Promise<Response> | null = null;
    const event: FetchEventLike = {
      request,
      clientId: sent.clientId ?? "",
      respondWith: (answer) => (response = Promise.resolve(answer)),
    };
    for (const listener of fetchListeners) listener(event);
    return response;
  }
  return { share, shareRefusal };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The share sheet's request, as Chrome on Android sends it: no page started it, it hides nothing but has no origin. */
const fromShareSheet: ShareRequest = {
  destination: "document",
  origin: "null",
  fetchSite: null,
  contentType: multipart(shareSheetBoundary),
  sender: "no page",
};
/** A page's form submission as the worker sees it; the cases below say where the page is and what it hides. */
const pageForm = { ...fromShareSheet, contentType: multipart(pageFormBoundary) };

describe("shareRefusal: who may share", () => {
  it.each<[string, Partial<ShareRequest>]>([
    ["a form on another site", { origin: "http://127.0.0.2:4311", sender: "a page of another site" }],
    ["a form on another site, into a new tab", { origin: "http://127.0.0.2:4311" }],
    ["a form on the same host, another port", { origin: "http://127.0.0.1:4311", sender: "a page of another site" }],
    ["a form hiding its origin (no-referrer), in the same tab", { sender: "a page of another site" }],
    // The page is no client the worker can ask about: only the boundary of its form tells it from the share sheet.
    ["a form hiding its origin (no-referrer, a sandboxed or data: frame), into a new tab", {}],
    ["a form hiding its origin, into a hidden frame on the same site", { destination: "iframe" }],
    ["a form with no Content-Type", { contentType: null }],
    ["a form sent as application/x-www-form-urlencoded", { contentType: "application/x-www-form-urlencoded" }],
    [
      "a boundary that only holds the share sheet's further on",
      { contentType: multipart(`${pageFormBoundary}${shareSheetBoundary}`) },
    ],
  ])("%s is refused", (_, sent) => {
    const { shareRefusal } = startWorker();
    expect(shareRefusal({ ...pageForm, ...sent }, appOrigin)).not.toBeNull();
  });

  it.each<[string, Partial<ShareRequest>]>([
    ["another origin", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { fetchSite: "cross-site" }],
    ["Sec-Fetch-Site: same-site", { fetchSite: "same-site" }],
    ["a page of another site as the sender", { sender: "a page of another site" }],
    ["a frame (the share sheet never opens in one)", { destination: "iframe" }],
    ["a frame of the app itself", { destination: "iframe", origin: appOrigin, sender: "an app page" }],
  ])("the share sheet's boundary does not make up for %s", (_, sent) => {
    const { shareRefusal } = startWorker();
    expect(shareRefusal({ ...fromShareSheet, ...sent }, appOrigin)).not.toBeNull();
  });

  it.each<[string, ShareRequest]>([
    ["the share sheet", fromShareSheet],
    [
      "the share sheet, its boundary quoted",
      { ...fromShareSheet, contentType: `multipart/form-data; boundary="${shareSheetBoundary}"` },
    ],
    ["the share sheet over an open page of the app", { ...fromShareSheet, sender: "an app page" }],
    // Chromium adds Sec-Fetch-* after the service worker; a browser that shows them says "none" for its own request.
    ["a request the browser itself started (Sec-Fetch-Site: none)", { ...pageForm, fetchSite: "none" }],
    ["the same with no Origin header", { ...pageForm, origin: null, fetchSite: "none" }],
    ["a page of the app", { ...pageForm, origin: appOrigin, sender: "an app page" }],
    ["a page of the app, Sec-Fetch-Site shown", { ...pageForm, origin: appOrigin, fetchSite: "same-origin" }],
  ])("%s is kept", (_, request) => {
    const { shareRefusal } = startWorker();
    expect(shareRefusal(request, appOrigin)).toBeNull();
  });
});

describe("the share target refuses what another site sends", () => {
  it.each([
    ["a form on another site", { headers: { Origin: "http://127.0.0.2:4311" }, clientId: "page-of-another-site" }],
    ["a form hiding its origin, into a new tab", { headers: { Origin: "null" } }],
    ["Sec-Fetch-Site: cross-site", { headers: { "Sec-Fetch-Site": "cross-site" }, boundary: shareSheetBoundary }],
  ])("%s: the app opens on /files, which says so, and nothing is kept", async (_, sent) => {
    const { share } = startWorker();
    const response = await share(sent);
    expect(response?.status).toBe(303);
    expect(response?.headers.get("Location")).toBe(`${appOrigin}/files${refusedShareQuery}`);
    expect(await listWaitingShares()).toEqual([]);
    // The mark /files needs to say so: the address alone says nothing.
    expect(await refusedShareMarked()).toBe(true);
  });

  it("a form aimed at a hidden frame: nothing is kept and the frame shows nothing", async () => {
    const { share } = startWorker();
    const response = await share({ headers: { Origin: "null" }, destination: "iframe" });
    expect(response?.status).toBe(403);
    expect(response?.headers.get("X-Frame-Options")).toBe("DENY");
    expect(response?.headers.get("Content-Security-Policy")).toBe("frame-ancestors 'none'");
    expect(await listWaitingShares()).toEqual([]);
  });
});

describe("the share target keeps what this device shares, to wait for Add", () => {
  it.each([
    ["the share sheet", { headers: { Origin: "null" }, boundary: shareSheetBoundary }],
    ["a page of the app itself", { headers: { Origin: appOrigin }, clientId: appPageId }],
  ])("%s: the files wait, named as shared, in order", async (_, sent) => {
    const { share } = startWorker();
    const files = [
      new File(["P1\n1\n"], "b.txt", { type: "text/plain" }),
      new File(["P2\n2\n"], "a <img src=x onerror=alert(1)>.txt", { type: "" }),
    ];
    const response = await share(sent, files);
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
    expect(await refusedShareMarked()).toBe(false);
  });

  it("gives every share its own unguessable id", async () => {
    const { share } = startWorker();
    await share({ headers: { Origin: "null" }, boundary: shareSheetBoundary });
    await share({ headers: { Origin: "null" }, boundary: shareSheetBoundary });
    const ids = (await listWaitingShares()).map((waiting) => waiting.id);
    expect(new Set(ids).size).toBe(2);
  });

  it("leaves every other request to the rest of the worker", async () => {
    const { share } = startWorker();
    expect(await share({ headers: { Origin: appOrigin }, clientId: appPageId }, undefined, "/files")).toBeNull();
  });
});
