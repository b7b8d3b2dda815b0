/** The device's memory in GB as the browser tells it (Chromium only; rounded, at most 8), or undefined. */
export const deviceMemoryGb = (): number | undefined =>
  typeof navigator === "undefined" ? undefined : (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
