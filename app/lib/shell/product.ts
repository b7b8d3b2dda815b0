// The version is read from package.json at build time (Vite inlines the named
// JSON import), so it is never typed twice.
import { version } from "../../../package.json";

export const productName = "Technician Toolbox";
export const productVersion: string = version;
export const productDescription =
  "SD card parameter file merger and relay/alarm code calculator for service technicians.";
/** Browser chrome and the installed app's title bar. */
export const themeColor = "#1c7ed6";
/** Shown by index.html when the browser runs no JavaScript: the app cannot start, so the spinner would never end. */
export const javaScriptNeeded = `${productName} runs in this browser and needs JavaScript: turn it on for this site, then reload the page.`;
export const footerText = `you are on ${productName} by EV 2025 V${productVersion}.`;

/** Browser tab title of a screen, e.g. "Actions · Technician Toolbox". */
export function pageTitle(screenName?: string): string {
  return screenName ? `${screenName} · ${productName}` : productName;
}
