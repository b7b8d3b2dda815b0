/**
 * A record's long lists (rewritten and added codes, confirmed problems), read from the pages they are stored in: a
 * window of rows for the screen, every row for the backup. A record an older version stored whole is read from
 * that whole, as the store last read it.
 */
import { recordRowsPerPage } from "~/lib/records/recordPages";
import type { RecordRow, RecordRowPart, ServiceRecord, ServiceRecordSummary } from "~/lib/records/serviceRecord";
import { parsedStoredPages, rowPageKey, storedPageNumbers } from "~/lib/records/storedRecord";
import { logger } from "~/lib/shell/logger";
import type { RecordDatabase } from "./recordsDatabase";

/** Rows [from, to) of one of a record's long lists. */
export interface RecordRowRange {
  from: number;
  to: number;
}

export function recordRows(database: RecordDatabase, storedWhole: ReadonlyMap<string, ServiceRecord>) {
  /** The given pages of one of a record's long lists, each parsed: null where it is gone or damaged. */
  async function pagesOf<Part extends RecordRowPart>(
    id: string,
    part: Part,
    pageNumbers: readonly number[],
  ): Promise<(RecordRow<Part>[] | null)[]> {
    return parsedStoredPages(part, await database.getMany(pageNumbers.map((page) => rowPageKey(id, part, page))));
  }

  async function rowsOf<Part extends RecordRowPart>(
    record: ServiceRecordSummary,
    part: Part,
    { from, to }: RecordRowRange,
  ): Promise<RecordRow<Part>[]> {
    const wanted = { from: Math.max(0, from), to: Math.min(to, record.rowCounts[part]) };
    if (wanted.to <= wanted.from) return [];
    const whole = storedWhole.get(record.id);
    if (whole) return whole[part].slice(wanted.from, wanted.to) as RecordRow<Part>[];
    const firstPage = Math.floor(wanted.from / recordRowsPerPage);
    const lastPage = Math.floor((wanted.to - 1) / recordRowsPerPage);
    const pageNumbers = Array.from({ length: lastPage - firstPage + 1 }, (_, offset) => firstPage + offset);
    const pages = await pagesOf(record.id, part, pageNumbers);
    return pages.flatMap((page, index) => {
      const pageNumber = pageNumbers[index]!;
      if (!page) {
        logger.warn(`Skipped an unreadable page of a service record (${record.id}, ${part} ${pageNumber})`);
        return [];
      }
      const pageStart = pageNumber * recordRowsPerPage;
      return page.slice(Math.max(0, wanted.from - pageStart), wanted.to - pageStart);
    });
  }

  /**
   * Every row of a record, read from the pages that are stored: a missing page leaves its rows out (the
   * caller counts them), and a count that is damaged costs nothing, however large it says it is.
   */
  async function whole(record: ServiceRecordSummary, pageKeys: readonly string[]): Promise<ServiceRecord> {
    const { rowCounts, ...head } = record;
    const stored = storedWhole.get(record.id);
    if (stored) return stored;
    let unreadablePages = 0;
    async function rowsOfPart<Part extends RecordRowPart>(part: Part): Promise<RecordRow<Part>[]> {
      const lastPage = Math.ceil(rowCounts[part] / recordRowsPerPage) - 1;
      const pageNumbers = storedPageNumbers(pageKeys, record.id, part).filter((page) => page <= lastPage);
      const pages = await pagesOf(record.id, part, pageNumbers);
      return pages.flatMap((page, index) => {
        if (page) return page.slice(0, rowCounts[part] - pageNumbers[index]! * recordRowsPerPage);
        unreadablePages += 1;
        return [];
      });
    }
    const rewritten = await rowsOfPart("rewritten");
    const added = await rowsOfPart("added");
    const confirmedProblems = await rowsOfPart("confirmedProblems");
    if (unreadablePages > 0)
      logger.warn(`Skipped ${unreadablePages} unreadable pages of a service record (${record.id})`);
    return { ...head, rewritten, added, confirmedProblems };
  }

  return { rowsOf, whole };
}
