// Debian's Chromium, never a downloaded browser; flags keep it off the network.
import type { LaunchOptions } from "@playwright/test";

/**
 * The features Playwright 1.65 turns off for tests (its own --disable-features). Chromium reads only the last
 * --disable-features it is given, so the list below must repeat them: test/e2e/shell/chromiumFlags.spec.ts
 * checks it against the installed Playwright.
 */
export const playwrightDisabledFeatures = [
  "AvoidUnnecessaryBeforeUnloadCheckSync",
  "DestroyProfileOnBrowserClose",
  "HttpsUpgrades",
  "HttpsFirstBalancedModeAutoEnable",
  "LensOverlay",
  "MediaRouter",
  "PaintHolding",
  "ThirdPartyStoragePartitioning",
  "AvoidCorsURLLoaderRestartOnRedirect",
  "TcpPortRandomizationWin",
  "OptimizationHints",
  "NetworkTimeServiceQuerying",
  "AimEnabled",
  "PreconnectToSearch",
  "msForceBrowserSignIn",
  "msEdgeUpdateLaunchServicesPreferredVersion",
];

/**
 * The address bar's pop-up, which Chromium builds as a web page (chrome://omnibox-popup.top-chrome) in a renderer
 * of its own: up to 2 s of processor time in a 5 s test, for a bar no test shows.
 */
const addressBarPopup = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup", "PreloadTopChromeWebUI"];

export const chromiumLaunchOptions: LaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    // Without a GPU the compositor draws in software: in the browser process, not in one more process to talk to.
    "--in-process-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
    `--disable-features=${[...playwrightDisabledFeatures, ...addressBarPopup].join(",")}`,
  ],
};
