// npm run size: the gzip size of the JavaScript and CSS that / loads first
// (Remix's entry, the root route and the home route, with every chunk they
// import), against the budget. Fails above it, or when code that only the file
// merger needs has leaked into the first load.
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

const client = "build/client";
// 120 KiB until the label began to be stored through a fetcher (useFetcher then joined the shared router chunk, +0.3 KiB).
// 123 KiB since the file list's buttons each post through a fetcher with flushSync, /records' through
// SubmitOnceButton, and the manifest names the catalogue's route (+1.1 KiB together).
const budgetKiB = { js: 123 };
const mergerOnly = [
  { name: "papaparse", marker: "BAD_DELIMITERS" },
  { name: "idb-keyval", marker: "keyval-store" },
  { name: "react-dropzone", marker: "useDropzone" },
];

const manifestFile = readdirSync(join(client, "assets")).find((name) => /^manifest-.*\.js$/.test(name));
if (!manifestFile) throw new Error("No build found: run npm run build first.");
const manifestSource = readFileSync(join(client, "assets", manifestFile), "utf8");
const manifest = JSON.parse(manifestSource.slice(manifestSource.indexOf("{"), manifestSource.lastIndexOf("}") + 1));

const firstLoad = [manifest.entry, manifest.routes.root, manifest.routes["routes/_index"]];
const jsFiles = new Set([`/assets/${manifestFile}`]);
const cssFiles = new Set();
for (const part of firstLoad) {
  jsFiles.add(part.module);
  part.imports?.forEach((file) => jsFiles.add(file));
  part.css?.forEach((file) => cssFiles.add(file));
}

const gzipKiB = (files) =>
  [...files].reduce((sum, file) => sum + gzipSync(readFileSync(join(client, file))).length, 0) / 1024;
const jsKiB = gzipKiB(jsFiles);
const cssKiB = gzipKiB(cssFiles);
const firstLoadSource = [...jsFiles].map((file) => readFileSync(join(client, file), "utf8")).join("\n");
const leaked = mergerOnly.filter(({ marker }) => firstLoadSource.includes(marker)).map(({ name }) => name);

console.log(
  `First load of / (gzip): JavaScript ${jsKiB.toFixed(1)} KiB in ${jsFiles.size} files (budget ${budgetKiB.js} KiB), CSS ${cssKiB.toFixed(1)} KiB in ${cssFiles.size} files`,
);
console.log(`Merger-only code in the first load: ${leaked.length ? leaked.join(", ") : "none"}`);
if (jsKiB > budgetKiB.js || leaked.length > 0) {
  console.error("Size check failed.");
  process.exit(1);
}
