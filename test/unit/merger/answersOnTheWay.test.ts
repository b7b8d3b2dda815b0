import { describe, expect, it } from "vitest";
import { answersOnArrival } from "~/lib/merger/answersOnTheWay";

const deletedAll = { deletedAll: true };
const deleted = { deleted: { id: "1", path: "kunde.txt" } };
const download = { refusals: [] };
const undone = { undone: true };

describe("answersOnArrival", () => {
  it("shows the answer that arrived alone when every earlier one reached the screen", () => {
    expect(answersOnArrival([{ answer: download, at: 0 }], download, 100, 10_000)).toEqual({
      shown: [download],
      kept: [],
    });
  });

  it("shows a Delete all's Undo offer whose navigation the next tap took over, before the next answer", () => {
    const given = [
      { answer: deletedAll, at: 0 },
      { answer: download, at: 40 },
    ];
    expect(answersOnArrival(given, download, 300, 10_000).shown).toEqual([deletedAll, download]);
  });

  it("shows an earlier answer once, though a double tap was given it twice", () => {
    const given = [
      { answer: deleted, at: 0 },
      { answer: deleted, at: 10 },
    ];
    expect(answersOnArrival(given, undefined, 300, 10_000)).toEqual({ shown: [deleted, undefined], kept: [] });
  });

  it("keeps nothing of a double tap's answer once it arrived: its Undo offer is not shown again at the next arrival", () => {
    // A double tap on Delete all: both taps are given the first one's answer; the second tap's navigation brings it.
    const afterDoubleTap = answersOnArrival(
      [
        { answer: deletedAll, at: 0 },
        { answer: deletedAll, at: 80 },
      ],
      deletedAll,
      300,
      10_000,
    );
    expect(afterDoubleTap).toEqual({ shown: [deletedAll], kept: [] });
    // Undo, tapped next: only its own answer is shown.
    const afterUndo = answersOnArrival([...afterDoubleTap.kept, { answer: undone, at: 2_000 }], undone, 2_100, 10_000);
    expect(afterUndo.shown).toEqual([undone]);
  });

  it("keeps what was given after the answer that arrived, for the next arrival", () => {
    const given = [
      { answer: deletedAll, at: 0 },
      { answer: download, at: 40 },
    ];
    expect(answersOnArrival(given, deletedAll, 50, 10_000)).toEqual({
      shown: [deletedAll],
      kept: [{ answer: download, at: 40 }],
    });
  });

  it("leaves out an Undo offer older than the time Undo can be used", () => {
    const given = [
      { answer: deletedAll, at: 0 },
      { answer: deleted, at: 9_000 },
    ];
    expect(answersOnArrival(given, download, 12_000, 10_000).shown).toEqual([deleted, download]);
  });
});
