/**
 * 12345 → "12,345", as toLocaleString("en") writes it. Whole numbers are written
 * here: the first use of Intl in a page costs tens of milliseconds on a phone,
 * and the first screen of /files shows four counts.
 */
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return count.toLocaleString("en");
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/** "1 parameter", "2 parameters", "1,204 problems": one rule for every count the screens show. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
