import { z } from "zod";

/** Rows of a record's table on one page of the screen (and of paper). */
export const recordRowsPerPage = 100;

/** The rows [from, to) of a page from 1, clamped to the pages there are; pageCount is at least 1. */
export function pageOf(rowCount: number, page: number, rowsPerPage: number) {
  const pageCount = Math.max(1, Math.ceil(rowCount / rowsPerPage));
  const shown = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const from = (shown - 1) * rowsPerPage;
  return { page: shown, pageCount, from, to: Math.min(rowCount, from + rowsPerPage) };
}

/** The record's tables, each a page at a time, and the query parameter that says which page it shows. */
export const recordTablePageParams = {
  inputs: "inputs",
  rewritten: "rewritten",
  added: "added",
  confirmedProblems: "problems",
} as const;
export type RecordTable = keyof typeof recordTablePageParams;

/** A page number from the address: a whole number from 1, else the first page. */
// Digits only, as the app writes them: `0x2`, ` 2 ` or `1e3` are nonsense too, not pages 2 and 1,000.
const pageParam = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .pipe(z.number().int().positive())
  .catch(1);

/** The page each table shows, from a record's address (`?rewritten=3&problems=2`); 1 where none or nonsense. */
export function recordTablePages(searchParams: URLSearchParams): Record<RecordTable, number> {
  const tables = Object.keys(recordTablePageParams) as RecordTable[];
  return Object.fromEntries(
    tables.map((table) => [table, pageParam.parse(searchParams.get(recordTablePageParams[table]) ?? undefined)]),
  ) as Record<RecordTable, number>;
}
