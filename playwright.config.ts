import { defineConfig } from "@playwright/test";
import { chromiumLaunchOptions } from "./test/e2e/chromium";

const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "test/e2e",
  fullyParallel: true,
  workers: 2,
  // One retry on CI only: a test that needs it is still reported as flaky in the list, and the run still fails on a real failure.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  timeout: 60_000,
  // Adding files runs through IndexedDB and a worker: give a slow or busy machine time before calling it a failure.
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    launchOptions: chromiumLaunchOptions,
    // The app honours reduced motion: notices appear at once, so no check meets one half faded in.
    reducedMotion: "reduce",
    // Installing the service worker precaches the whole app in every new browser context: on a 2-core machine that
    // is time taken from every test. The specs about offline use and the share target allow it (test.use).
    serviceWorkers: "block",
    // Recording a trace costs about a third of a test's CPU on a 2-core machine: recorded on the retry only.
    trace: "on-first-retry",
  },
  // The built app, served the way a user starts it (npm start builds when needed).
  webServer: {
    command: "node scripts/start.mjs",
    env: { PORT: String(port), HOST: "127.0.0.1" },
    url: baseURL,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "pipe",
  },
});
