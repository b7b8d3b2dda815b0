/**
 * How big a parameter set this device can merge without the tab running out
 * of memory. Reading and merging takes many times the set's size in memory
 * (docs/performance.md), so a set past the limit is refused
 * before it is read: a refusal the technician can act on beats a crashed tab.
 */

const megabyte = 1_000_000;
const gigabyte = 1024 ** 3;

/**
 * Bytes of device memory per byte of input. The browser's processes grow by
 * 6.5× the input while a 70 MB set loads (`npm run bench`, the 70 MB set);
 * 16 leaves room for the browser itself, other tabs and the system.
 */
const memoryPerInputByte = 16;

/** Where the browser does not say how much memory the device has (Firefox, Safari): a set of 100 MB. */
export const unknownDeviceSetLimit = 100 * megabyte;

/** The largest set (all files together, in bytes) for a device with this much memory in GB (navigator.deviceMemory). */
export function deviceSetSizeLimit(deviceMemoryGb: number | undefined): number {
  if (deviceMemoryGb === undefined || !Number.isFinite(deviceMemoryGb) || deviceMemoryGb <= 0) {
    return unknownDeviceSetLimit;
  }
  return Math.floor((deviceMemoryGb * gigabyte) / memoryPerInputByte);
}

export function megabytes(bytes: number): string {
  return `${(bytes / megabyte).toLocaleString("en", { maximumFractionDigits: 1, minimumFractionDigits: 1 })} MB`;
}

/**
 * Why these files are not added (null when they fit), short enough for the toast under its verdict: the set's size
 * with them and the limit. Whether the device said its memory decides only how the limit is named.
 */
export function setSizeRefusal(
  set: { listedBytes: number; addedBytes: number },
  limit: number,
  deviceMemoryGb: number | undefined,
): string | null {
  const total = set.listedBytes + set.addedBytes;
  if (total <= limit) return null;
  const takes = deviceMemoryGb === undefined ? "the limit is" : "this device takes";
  return `Nothing added: ${megabytes(total)} with these files; ${takes} ${megabytes(limit)}.`;
}
