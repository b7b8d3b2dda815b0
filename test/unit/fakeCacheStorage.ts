/** Cache Storage in memory, enough for the shared files: what the service worker puts, the app reads and deletes. */
export function fakeCacheStorage(base = "http://localhost"): CacheStorage {
  const caches = new Map<string, Map<string, Response>>();
  const urlOf = (request: RequestInfo | URL) =>
    new URL(typeof request === "string" || request instanceof URL ? request : request.url, base).href;
  function cacheNamed(name: string): Cache {
    const entries = caches.get(name) ?? new Map<string, Response>();
    caches.set(name, entries);
    const cache: Partial<Cache> = {
      async put(request, response) {
        // Read once now, as a real cache stores the body; every match gets its own copy.
        const body = await response.arrayBuffer();
        entries.set(urlOf(request), new Response(body, { status: response.status, headers: response.headers }));
      },
      async match(request) {
        return entries.get(urlOf(request))?.clone();
      },
      async keys() {
        return [...entries.keys()].map((url) => new Request(url));
      },
      async delete(request) {
        return entries.delete(urlOf(request));
      },
    };
    return cache as Cache;
  }
  const storage: Partial<CacheStorage> = {
    async open(name) {
      return cacheNamed(name);
    },
    async keys() {
      return [...caches.keys()];
    },
    async delete(name) {
      return caches.delete(name);
    },
  };
  return storage as CacheStorage;
}
