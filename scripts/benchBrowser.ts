// npm run bench, part 2: the built app in Chromium. Adds generated parameter
// sets through the file picker and records, with a PerformanceObserver, every
// main-thread task over 50 ms ("long task") while the file is read and merged.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { chromiumLaunchOptions } from "../test/e2e/chromium";
import { generateSite } from "./benchParameterSets";

const port = 4180;
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ["scripts/start.mjs"], {
  env: { ...process.env, PORT: String(port), HOST: "127.0.0.1" },
  stdio: ["ignore", "pipe", "inherit"],
});
await new Promise<void>((resolve) =>
  server.stdout!.on("data", (chunk: Buffer) => chunk.includes("running at") && resolve()),
);

// Files on disk, as a technician picks them: Playwright then hands Chromium the
// path; an in-memory buffer would be decoded by Playwright inside the page and
// show up as a long task of the test tool, not of the app.
const fileFolder = mkdtempSync(join(tmpdir(), "toolbox-bench-"));
const browser = await chromium.launch(chromiumLaunchOptions);
try {
  // First visit, nothing cached: navigation start to the home heading visible.
  const firstLoads: number[] = [];
  for (let run = 0; run < 5; run++) {
    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto(baseUrl);
    await page.getByRole("heading", { name: "Hi. Some usefull links" }).waitFor();
    firstLoads.push(await page.evaluate(() => performance.now()));
    await context.close();
  }
  firstLoads.sort((a, b) => a - b);
  console.log(
    `\nBrowser: / usable (navigation start → home heading visible), median of 5 first visits: ${firstLoads[2]!.toFixed(0)} ms`,
  );

  console.log("\nBrowser: adding a parameter set on /files (built app, headless Chromium, merge in a Web Worker)");
  console.log("set | file MB | pick → preview shown ms | long tasks | longest task ms");
  console.log(":-- | ------: | ----------------------: | ---------: | --------------:");
  for (const parameterCount of [40_000, 800_000]) {
    const site = generateSite(parameterCount);
    const filePath = join(fileFolder, `standard-${parameterCount}.txt`);
    writeFileSync(filePath, site.standard);
    const megabytes = Buffer.byteLength(site.standard) / 1e6;
    const page = await browser.newPage();
    await page.addInitScript(() => {
      const longTasks: number[] = [];
      (window as unknown as { longTasks: number[] }).longTasks = longTasks;
      new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(entry.duration))).observe({
        type: "longtask",
        buffered: true,
      });
    });
    await page.goto(`${baseUrl}/files`);
    await page.getByText("No files added yet.").waitFor();
    await page.evaluate(() => ((window as unknown as { longTasks: number[] }).longTasks.length = 0));

    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Select files" }).click();
    const startedAt = await page.evaluate(() => performance.now());
    await (await chooser).setFiles(filePath);
    await page
      .getByTestId("stat-parameters")
      .filter({ hasText: parameterCount.toLocaleString("en") })
      .waitFor({ timeout: 120_000 });
    const { shownAfter, longTasks } = await page.evaluate((start) => {
      const tasks = (window as unknown as { longTasks: number[] }).longTasks;
      return { shownAfter: performance.now() - start, longTasks: [...tasks] };
    }, startedAt);
    console.log(
      [
        `${parameterCount.toLocaleString("en")} parameters`,
        megabytes.toFixed(1),
        shownAfter.toFixed(0),
        longTasks.length,
        longTasks.length ? Math.max(...longTasks).toFixed(0) : "0",
      ].join(" | "),
    );
    await page.close();
  }
} finally {
  await browser.close();
  server.kill();
  rmSync(fileFolder, { recursive: true, force: true });
}
