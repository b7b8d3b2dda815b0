import { describe, expect, it } from "vitest";
import { answersToShow } from "~/lib/merger/answersOnTheWay";

const deletedAll = { deletedAll: true };
const deleted = { deleted: { id: "1", path: "kunde.txt" } };
const download = { refusals: [] };

describe("answersToShow", () => {
  it("shows the answer that arrived alone when every earlier one reached the screen", () => {
    expect(answersToShow([{ answer: download, at: 0 }], download, 100, 10_000)).toEqual([download]);
  });

  it("shows a Delete all's Undo offer whose navigation the next tap took over, before the next answer", () => {
    const given = [
      { answer: deletedAll, at: 0 },
      { answer: download, at: 40 },
    ];
    expect(answersToShow(given, download, 300, 10_000)).toEqual([deletedAll, download]);
  });

  it("shows an earlier answer once, though a double tap was given it twice", () => {
    const given = [
      { answer: deleted, at: 0 },
      { answer: deleted, at: 10 },
    ];
    expect(answersToShow(given, undefined, 300, 10_000)).toEqual([deleted, undefined]);
  });

  it("leaves out an Undo offer older than the time Undo can be used", () => {
    const given = [
      { answer: deletedAll, at: 0 },
      { answer: deleted, at: 9_000 },
    ];
    expect(answersToShow(given, download, 12_000, 10_000)).toEqual([deleted, download]);
  });
});
