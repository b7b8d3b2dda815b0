/** "1 parameter", "2 parameters", "1,204 problems": one rule for every count the screens show. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString("en")} ${count === 1 ? singular : plural}`;
}
