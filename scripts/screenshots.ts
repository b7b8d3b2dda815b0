// Takes screenshots of the running app at desktop and phone size.
// Usage: npx vite-node scripts/screenshots.ts <outDir> <path> [path…]   (app on BASE_URL, default http://127.0.0.1:3000)
import { mkdirSync } from "node:fs";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../test/e2e/chromium";

const [outDir = "screenshots", ...paths] = process.argv.slice(2);
const baseUrl = process.env.BASE_URL ?? "http://127.0.0.1:3000";
const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch(chromiumLaunchOptions);
for (const [viewportName, viewport] of Object.entries(viewports)) {
  const page = await browser.newPage({ viewport });
  for (const path of paths.length ? paths : ["/"]) {
    await page.goto(baseUrl + path);
    await page.waitForLoadState("networkidle");
    const fileName = `${path.replace(/[^a-z0-9]+/gi, "_").replace(/^_|_$/g, "") || "home"}-${viewportName}.png`;
    await page.screenshot({ path: `${outDir}/${fileName}`, fullPage: true });
    console.log(`${outDir}/${fileName}`);
  }
  await page.close();
}
await browser.close();
