// Loaded into the service worker (vite.config.ts, workbox importScripts).
// Android's share sheet POSTs the shared files here (manifest share_target);
// with no server, the service worker keeps them in a cache and sends the app to
// /files?shared=<id>, which adds them like a drop. The names match
// app/lib/merger/addedFiles.ts.
const sharedFilesCacheName = "shared-files";
const shareTargetPath = "/files/share";

async function keepSharedFiles(request) {
  const formData = await request.formData();
  const files = formData.getAll("file").filter((entry) => typeof entry !== "string");
  const shareId = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const cache = await caches.open(sharedFilesCacheName);
  await Promise.all(
    files.map((file, index) =>
      cache.put(
        `/shared-files/${shareId}/${index}`,
        new Response(file, {
          headers: { "Content-Type": file.type, "X-File-Name": encodeURIComponent(file.name) },
        }),
      ),
    ),
  );
  return Response.redirect(`/files?shared=${shareId}`, 303);
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "POST" || url.pathname !== shareTargetPath) return;
  event.respondWith(keepSharedFiles(event.request));
});
