// Loaded into the service worker (vite.config.ts, workbox importScripts).
// The share sheet POSTs the shared files here (manifest share_target). With no
// server, the service worker keeps them in a cache and sends the app to /files,
// where they wait, listed with Add and Discard, until the technician chooses
// (app/lib/merger/browser/sharedFiles.ts reads them; the names below match
// app/lib/merger/sharedFiles.ts, test/unit/merger/shareTargetWorker.test.ts checks both).
//
// Only the technician's own device may share: any website can post a form to
// this address, so a request from another site is refused and keeps nothing.
const sharedFilesCacheName = "shared-files";
const shareTargetPath = "/files/share";
const sharedFilesPath = "/shared-files/";
const fileNameHeader = "X-File-Name";
const sharedAtHeader = "X-Shared-At";

/**
 * Why this share request is refused, or null when it comes from this device: the
 * share sheet (no page sent it) or a page of the app itself.
 * - Sec-Fetch-Site names another site (Chromium hides it from service workers;
 *   another browser may show it).
 * - An Origin other than the app's: a form on another site.
 * - `Origin: null` is what the share sheet sends (the browser itself starts that
 *   request), but also a page on another site that hides its origin
 *   (no-referrer, a sandboxed frame). That page is a client this worker cannot
 *   see (clients.get only finds the app's own pages); the share sheet is none,
 *   or the app page it opens over.
 */
async function shareRefusal(event) {
  const { headers } = event.request;
  const site = headers.get("Sec-Fetch-Site");
  if (site === "cross-site" || site === "same-site") return `sent by another site (Sec-Fetch-Site: ${site})`;
  const origin = headers.get("Origin");
  if (origin !== null && origin !== "null" && origin !== self.location.origin) return `sent by ${origin}`;
  if (event.clientId && !(await self.clients.get(event.clientId))) return "sent by a page of another site";
  return null;
}

async function keepSharedFiles(event) {
  const toFiles = Response.redirect(new URL("/files", self.location.origin).href, 303);
  // Refused: the app opens as it was, nothing kept (the reason is for the tests).
  if ((await shareRefusal(event)) !== null) return toFiles;
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
  return toFiles;
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "POST" || url.pathname !== shareTargetPath) return;
  event.respondWith(keepSharedFiles(event));
});
