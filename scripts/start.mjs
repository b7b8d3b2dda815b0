// Serves the built app on localhost with SPA fallback (every unknown path gets
// index.html, so deep links like /actions?code=17101 survive a reload).
// Builds first when there is no build yet or the sources are newer than it.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import sirv from "sirv";

const builtIndex = "build/client/index.html";
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
  execSync("npm run build", { stdio: "inherit" });
}

const host = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);
const serveBuild = sirv("build/client", { single: true, etag: true, immutable: true });

createServer(serveBuild).listen(port, host, () => {
  console.log(`Technician Toolbox is running at http://${host === "0.0.0.0" ? "localhost" : host}:${port}/`);
});
