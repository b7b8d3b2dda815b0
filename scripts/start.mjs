// Serves the built app on localhost the way a real static host does: gzip for
// text, hashed /assets/ cached for a year as immutable, everything else
// revalidated, and SPA fallback (every unknown path gets index.html, so deep
// links like /actions?code=17101 survive a reload).
// Builds first when there is no build yet or the sources are newer than it.
import { execSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize } from "node:path";
import { gzipSync } from "node:zlib";

const root = "build/client";
const builtIndex = join(root, "index.html");
const sources = ["app", "public", "package.json", "vite.config.ts"];

function newestModification(path) {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestModification(join(path, name))));
}

const buildIsStale =
  !existsSync(builtIndex) || Math.max(...sources.map(newestModification)) > statSync(builtIndex).mtimeMs;
if (buildIsStale) {
  console.log("Building the app first (npm run build)…");
  // Always a production build: a caller run by vite-node has NODE_ENV=development, which would ship React's development build.
  execSync("npm run build", { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
}

const contentTypes = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".webmanifest": "application/manifest+json",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
};
const compressed = new Set([".html", ".js", ".css", ".json", ".webmanifest", ".svg", ".txt"]);

/** Read and gzipped once per version of a file (a rebuild while serving gives new ones). */
const served = new Map();
function servedFile(filePath) {
  const path = join(root, normalize(filePath).replace(/^(\.\.[/\\])+/, ""));
  const file = existsSync(path) && statSync(path).isFile() ? path : builtIndex;
  const modifiedAt = statSync(file).mtimeMs;
  if (served.get(file)?.modifiedAt !== modifiedAt) {
    const body = readFileSync(file);
    const type = extname(file);
    served.set(file, {
      modifiedAt,
      body,
      gzipped: compressed.has(type) ? gzipSync(body) : null,
      contentType: contentTypes[type] ?? "application/octet-stream",
      cacheControl: file.startsWith(join(root, "assets")) ? "public, max-age=31536000, immutable" : "no-cache",
    });
  }
  return served.get(file);
}

const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);

/** The path a request asks for, decoded; null when its address cannot be read (a broken %-escape such as `%E0%A4%A`). */
function requestedPath(url) {
  try {
    return decodeURIComponent(new URL(url ?? "/", "http://host").pathname);
  } catch {
    return null;
  }
}

createServer((request, response) => {
  const path = requestedPath(request.url);
  // Answered, never thrown: an uncaught error would stop the server for everyone.
  if (path === null) {
    response.writeHead(400, { "Content-Type": "text/plain; charset=utf-8" });
    response.end("Bad request: the address is not valid.");
    return;
  }
  const file = servedFile(path);
  const gzip = file.gzipped && /\bgzip\b/.test(request.headers["accept-encoding"] ?? "");
  const body = gzip ? file.gzipped : file.body;
  response.writeHead(200, {
    "Content-Type": file.contentType,
    "Content-Length": body.length,
    "Cache-Control": file.cacheControl,
    Vary: "Accept-Encoding",
    // No other site may show the app in a frame (its buttons under a decoy page): frame-ancestors works only as a
    // header, not in the page's meta policy. A static host should send the same.
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    ...(gzip ? { "Content-Encoding": "gzip" } : {}),
  });
  response.end(request.method === "HEAD" ? undefined : body);
}).listen(port, host, () => {
  console.log(`Technician Toolbox is running at http://${host === "0.0.0.0" ? "localhost" : host}:${port}/`);
});
