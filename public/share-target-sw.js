// Loaded into the service worker (vite.config.ts, workbox importScripts).
// The share sheet POSTs the shared files here (manifest share_target). With no
// server, the service worker keeps them in a cache and sends the app to /files,
// where they wait, listed with Add and Discard, until the technician chooses
// (app/lib/merger/browser/sharedFiles.ts reads them; the names below match
// app/lib/merger/sharedFiles.ts, test/unit/merger/shareTargetWorker.test.ts checks both).
//
// Only the technician's own device may share: any website can post a form to
// this address, so a request from another site is refused and keeps nothing
// (shareRefusal; test/unit/merger/shareTargetWorker.test.ts tries each kind).
const sharedFilesCacheName = "shared-files";
const shareTargetPath = "/files/share";
const sharedFilesPath = "/shared-files/";
const fileNameHeader = "X-File-Name";
const sharedAtHeader = "X-Shared-At";
// Where a refused share sends the app: /files says that files were sent and not taken, but only while this
// mark is in the cache (a link to that address alone shows nothing); closing the notice takes the mark away.
const refusedShareQuery = "?share=refused";
const refusedShareMarkPath = "/share-refused";
// As scripts/start.mjs sends with every file: no other site shows the app in a frame.
const notFramed = { "Content-Security-Policy": "frame-ancestors 'none'", "X-Frame-Options": "DENY" };

// Chrome's share target on Android (webapk_post_share_target_navigator.cc) builds the POST body itself, with the
// boundary net::GenerateMimeMultipartBoundary writes: "----MultipartBoundary--", random characters, "----".
// A page cannot choose the boundary of its form (Chromium writes "----WebKitFormBoundary…"), and a form is the only
// way a page can POST a navigation.
const shareSheetBoundaryStart = "----MultipartBoundary--";

/**
 * Why this share request is refused, or null when it comes from this device. Pure: it reads only what the browser
 * itself sets on the request, none of which a page of another site can choose.
 *
 * What the service worker sees (Chromium 156, measured; Sec-Fetch-* are added after the service worker, so it
 * never sees them):
 * - the share sheet: a top-level navigation (destination "document") that no page started (no client),
 *   `Origin: null`, no referrer, the share sheet's own multipart boundary;
 * - a page of the app: `Origin` is the app's own;
 * - a page of another site: its `Origin`, or `Origin: null` when it hides it (no-referrer, a sandboxed or data:
 *   frame) — in a new tab that page is no client either, so only the boundary of its form tells it apart;
 * - a form aimed at a frame: destination "iframe", whatever its origin (the share sheet never opens in a frame).
 *
 * @param {{ destination: string, origin: string | null, fetchSite: string | null, contentType: string | null,
 *   sender: "no page" | "an app page" | "a page of another site" }} request
 * @param {string} appOrigin
 * @returns {string | null}
 */
function shareRefusal(request, appOrigin) {
  const { destination, origin, fetchSite, contentType, sender } = request;
  if (destination !== "document") return `sent into a frame (${destination || "no destination"})`;
  // Another browser may show Sec-Fetch-Site to its service worker: "none" is the browser itself (the share sheet).
  if (fetchSite !== null && fetchSite !== "none" && fetchSite !== "same-origin") {
    return `sent by another site (Sec-Fetch-Site: ${fetchSite})`;
  }
  if (sender === "a page of another site") return "sent by a page of another site";
  if (origin === appOrigin) return null;
  if (origin !== null && origin !== "null") return `sent by ${origin}`;
  // No origin: the share sheet, or a page hiding its origin. Only the browser itself gives no Sec-Fetch-Site but
  // "none", and only the share sheet writes its own boundary.
  if (fetchSite === "none" || sharedBySheet(contentType)) return null;
  return "sent by a form that hides its origin";
}

/** Whether the body was built by Chromium's share sheet, not by a page's form (see shareSheetBoundaryStart). */
function sharedBySheet(contentType) {
  const match = /^multipart\/form-data\s*;\s*boundary="?([^";]+)"?\s*$/i.exec(contentType ?? "");
  return match !== null && match[1].startsWith(shareSheetBoundaryStart);
}

/** What shareRefusal reads, from the event: the request's headers and whether a page of the app sent it. */
async function shareRequestOf(event) {
  const { headers, destination } = event.request;
  // clients.get finds only the app's own pages: a client id it cannot find is a page of another site.
  const sender = !event.clientId
    ? "no page"
    : (await self.clients.get(event.clientId))
      ? "an app page"
      : "a page of another site";
  return {
    destination,
    origin: headers.get("Origin"),
    fetchSite: headers.get("Sec-Fetch-Site"),
    contentType: headers.get("Content-Type"),
    sender,
  };
}

async function keepSharedFiles(event) {
  const toFiles = (query) => Response.redirect(new URL(`/files${query}`, self.location.origin).href, 303);
  const request = await shareRequestOf(event);
  if (shareRefusal(request, self.location.origin) !== null) {
    // Refused, nothing kept. In a frame: nothing shown either (the app is never framed; the share sheet never
    // opens in one). Otherwise the app opens as it was and says that files were sent and not taken: a real
    // share refused (should Chrome change its boundary) is never silent.
    if (request.destination !== "document") return new Response(null, { status: 403, headers: notFramed });
    const cache = await caches.open(sharedFilesCacheName);
    await cache.put(
      refusedShareMarkPath,
      new Response("", { headers: { [sharedAtHeader]: new Date().toISOString() } }),
    );
    return toFiles(refusedShareQuery);
  }
  const formData = await event.request.formData();
  const files = formData.getAll("file").filter((entry) => typeof entry !== "string");
  // Unguessable, and only ever made here: no address can name a share into the list.
  const shareId = crypto.randomUUID();
  const sharedAt = new Date().toISOString();
  const cache = await caches.open(sharedFilesCacheName);
  await Promise.all(
    files.map((file, index) =>
      cache.put(
        `${sharedFilesPath}${shareId}/${index}`,
        new Response(file, {
          headers: {
            // A file the sharing app gave no type arrives as application/octet-stream: kept as no type, which
            // the app accepts for a .txt name, as it does for a dropped file.
            "Content-Type": file.type === "application/octet-stream" ? "" : file.type,
            [fileNameHeader]: encodeURIComponent(file.name),
            [sharedAtHeader]: sharedAt,
          },
        }),
      ),
    ),
  );
  return toFiles("");
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "POST" || url.pathname !== shareTargetPath) return;
  event.respondWith(keepSharedFiles(event));
});
