/** Rows of a record's table on one page of the screen (and of paper). */
export const recordRowsPerPage = 100;

/** The rows [from, to) of a page from 1, clamped to the pages there are; pageCount is at least 1. */
export function pageOf(rowCount: number, page: number, rowsPerPage: number) {
  const pageCount = Math.max(1, Math.ceil(rowCount / rowsPerPage));
  const shown = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const from = (shown - 1) * rowsPerPage;
  return { page: shown, pageCount, from, to: Math.min(rowCount, from + rowsPerPage) };
}
