import { describe, expect, it } from "vitest";
import { createMergeSession } from "~/lib/merger/mergeSession";
import type { ListedFile } from "~/lib/merger/listedFile";

const bytes = (text: string) => new TextEncoder().encode(text).buffer as ArrayBuffer;
const decoded = (output: { bytes: Uint8Array }) => new TextDecoder().decode(output.bytes);

function sessionWithSite() {
  const session = createMergeSession();
  session.read([
    { id: "std", bytes: bytes("P1\n1\nP2\n2\n") },
    { id: "kunde", bytes: bytes("P2\n5\nP3\n3\n") },
  ]);
  const files: ListedFile[] = [
    { id: "std", path: "standard/a.txt", setOverride: null },
    { id: "kunde", path: "KUNDESPEC/b.txt", setOverride: null },
  ];
  return { session, files };
}

describe("the merge session keeps one merge per change", () => {
  it("reads each file once and merges once for any number of searches and downloads", () => {
    const { session, files } = sessionWithSite();
    expect(session.preview(files, { filter: "all", query: "", problemPage: 1 }).parameterCount).toBe(3);
    expect(
      session.preview(files, { filter: "all", query: "P2", problemPage: 1 }).table.rows.map((row) => row.value),
    ).toEqual(["5"]);
    expect(session.preview(files, { filter: "all", query: "3", problemPage: 1 }).table.matchCount).toBe(1);
    expect(decoded(session.parFile(files, "crlf"))).toBe("P1\r\n1\r\nP2\r\n5\r\nP3\r\n3\r\n");
    expect(decoded(session.parFile(files, "crlf"))).toBe("P1\r\n1\r\nP2\r\n5\r\nP3\r\n3\r\n");
    expect(session.stats()).toEqual({ readCount: 2, mergeCount: 1, parFileWriteCount: 1, searchCount: 3 });
  });

  it("merges again when a file changes set, and writes PAR.txt again for another line ending only", () => {
    const { session, files } = sessionWithSite();
    session.preview(files, { filter: "all", query: "", problemPage: 1 });
    session.parFile(files, "crlf");
    expect(decoded(session.parFile(files, "lf"))).toBe("P1\n1\nP2\n5\nP3\n3\n");
    expect(session.stats()).toMatchObject({ mergeCount: 1, parFileWriteCount: 2 });

    const bothStandard = files.map((file) => ({ ...file, setOverride: "standard" as const }));
    const preview = session.preview(bothStandard, { filter: "all", query: "", problemPage: 1 });
    expect(preview).toMatchObject({ rewrittenCount: 0, addedCount: 0, problemCount: 1 });
    expect(session.stats()).toMatchObject({ readCount: 2, mergeCount: 2 });
  });

  it("merges again when a file is removed or the order changes, without reading again", () => {
    const { session, files } = sessionWithSite();
    session.preview(files, { filter: "all", query: "", problemPage: 1 });
    session.preview([files[0]!], { filter: "all", query: "", problemPage: 1 });
    session.preview([...files].reverse(), { filter: "all", query: "", problemPage: 1 });
    expect(session.stats()).toEqual({ readCount: 2, mergeCount: 3, parFileWriteCount: 0, searchCount: 3 });
  });

  it("reports a listed file whose bytes it never received instead of leaving it out silently", () => {
    const session = createMergeSession();
    const preview = session.preview([{ id: "gone", path: "a.txt", setOverride: null }], {
      filter: "all",
      query: "",
      problemPage: 1,
    });
    expect(preview.problems[0]).toMatchObject({ kind: "unreadable", path: "a.txt" });
  });
});

describe("the merge session keeps one comparison with the card", () => {
  it("compares once, serves row windows by filter, and compares again when the merge changes", () => {
    const { session, files } = sessionWithSite();
    expect(session.cardComparison(files)).toBeNull();
    const summary = session.compareWithCard(files, bytes("P1\r\n1\r\nP2\r\n2\r\nP9\r\n9\r\n"));
    expect(summary.counts).toEqual({ changed: 1, added: 1, removed: 1, unchanged: 1 });
    expect(summary.byteDifference).toEqual({ crlf: "other", lf: "other" });
    expect(session.cardComparison(files)).toBe(summary);

    const window = (filter: "all" | "removed", from: number, count: number) =>
      session.cardRows({ comparisonId: summary.id, filter, from, count });
    expect(window("all", 1, 2)).toMatchObject({ rowCount: 4, rows: [{ code: "P2" }, { code: "P3" }] });
    expect(window("removed", 0, 10)).toMatchObject({
      rowCount: 1,
      rows: [{ code: "P9", cardValue: "9", newValue: null }],
    });
    expect(window("all", 10, 5)!.rows).toEqual([]);

    const alone = session.cardComparison([files[0]!])!;
    expect(alone.id).not.toBe(summary.id);
    expect(alone.counts).toEqual({ changed: 0, added: 0, removed: 1, unchanged: 2 });
    // Rows of the earlier comparison are gone, not quietly mixed with the new ones.
    expect(window("all", 0, 10)).toBeNull();
  });

  it("knows the bytes are identical for the line ending they were written with", () => {
    const { session, files } = sessionWithSite();
    const written = session.parFile(files, "lf").bytes;
    const summary = session.compareWithCard(files, written.buffer);
    expect(summary.byteDifference).toEqual({ crlf: "line-endings", lf: "identical" });
    expect(summary.card).toMatchObject({ hasParFile: true, lineBreaks: "lf", parameterCount: 3 });
  });
});
