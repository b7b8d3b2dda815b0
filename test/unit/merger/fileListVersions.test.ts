/**
 * The file list as versions (fileListVersions.ts): Undo goes back one change at a time, last first, to exactly the
 * list before it; a Delete all or Undo planned on a list that has changed since does nothing; the bytes kept are
 * those of every version Undo can reach.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ListedFile } from "~/lib/merger/listedFile";
import {
  emptyHistory,
  historyOf,
  idsInHistory,
  planChange,
  planUndo,
  undoDepth,
  undoable,
  type FileListChange,
  type FileListHistory,
} from "~/lib/merger/fileListVersions";

/**
 * A change as the technician makes it, with files picked by position in the list as it is then (a position past
 * the end names a file that is not listed: such a change changes nothing).
 */
type Recipe =
  | { kind: "add"; paths: string[] }
  | { kind: "delete"; at: number }
  | { kind: "deleteAll" }
  | { kind: "move"; at: number; offset: -1 | 1 }
  | { kind: "chooseSet"; at: number; setOverride: ListedFile["setOverride"] }
  | { kind: "label"; label: string }
  | { kind: "replace"; paths: string[]; label: string };

// Few paths, so that an add often names a listed one (which is left out) and lists repeat across versions.
const path = fc.constantFrom("a.txt", "b.txt", "KUNDESPEC/c.txt", "std/d.txt", "e.txt", "KUNDESPEC/f.txt");
const at = fc.nat({ max: 6 });
const label = fc.constantFrom("", "Unit 7", "Pool 1", "Unit 7 ");
const recipe: fc.Arbitrary<Recipe> = fc.oneof(
  fc.record({ kind: fc.constant("add" as const), paths: fc.uniqueArray(path, { minLength: 1, maxLength: 3 }) }),
  fc.record({ kind: fc.constant("delete" as const), at }),
  fc.constant({ kind: "deleteAll" as const }),
  fc.record({ kind: fc.constant("move" as const), at, offset: fc.constantFrom(-1 as const, 1 as const) }),
  fc.record({
    kind: fc.constant("chooseSet" as const),
    at,
    setOverride: fc.constantFrom("standard" as const, "customer" as const, null),
  }),
  fc.record({ kind: fc.constant("label" as const), label }),
  fc.record({ kind: fc.constant("replace" as const), paths: fc.uniqueArray(path, { maxLength: 3 }), label }),
);

/** Changes with Undos among them. */
const changesAndUndos = fc.array(
  fc.oneof({ weight: 3, arbitrary: recipe }, { weight: 1, arbitrary: fc.constant("undo" as const) }),
  { maxLength: 40, size: "max" },
);

/** Ids never used before, as an add gives its files. */
function newIds() {
  let ids = 0;
  return () => `id-${++ids}`;
}

/** The change a recipe makes of the list as it is; each file it adds gets an id never used before. */
function changeOf(recipe: Recipe, history: FileListHistory, newId: () => string): FileListChange {
  const { files } = history.current;
  const idAt = (position: number) => files[position]?.id ?? "not-listed";
  const filesOf = (paths: string[]) => paths.map((path): ListedFile => ({ id: newId(), path, setOverride: null }));
  switch (recipe.kind) {
    case "add":
      return { kind: "add", files: filesOf(recipe.paths) };
    case "delete":
      return { kind: "delete", id: idAt(recipe.at) };
    case "deleteAll":
      return { kind: "deleteAll" };
    case "move":
      return { kind: "move", id: idAt(recipe.at), offset: recipe.offset };
    case "chooseSet":
      return { kind: "chooseSet", id: idAt(recipe.at), setOverride: recipe.setOverride, set: "customer" };
    case "label":
      return { kind: "label", label: recipe.label };
    case "replace":
      return { kind: "replace", files: filesOf(recipe.paths), label: recipe.label };
  }
}

/** What PAR.txt and the screen are made of: the files (ids, paths, sets) in order, and the label. */
const shown = (history: FileListHistory) => ({ files: history.current.files, label: history.current.label });

/**
 * Applies the recipes in turn, each planned on the version it was made from. Returns the history and, for each
 * change that is a step of Undo (every change made but a label typed), the list just before it.
 */
/** Delete all and a record's files set the label themselves: their Undo brings the label before them back. */
const setsTheLabel = (change: FileListChange) => change.kind === "deleteAll" || change.kind === "replace";

function applied(recipes: readonly Recipe[], start: FileListHistory = emptyHistory) {
  const newId = newIds();
  let history = start;
  const before: (ReturnType<typeof shown> & { setsTheLabel: boolean })[] = [];
  for (const next of recipes) {
    const change = changeOf(next, history, newId);
    const planned = planChange(history, change, history.current.version);
    if (typeof planned === "string") {
      expect(planned).toBe("unchanged");
      continue;
    }
    if (change.kind !== "label") {
      // A request shown from the list before this change is stale from now on.
      expect(planned.current.version).toBeGreaterThan(history.current.version);
      before.push({ ...shown(history), setsTheLabel: setsTheLabel(change) });
    }
    history = planned;
  }
  return { history, before };
}

const undo = (history: FileListHistory) => planUndo(history, history.current.version);

describe("Undo of the file list", () => {
  it("takes back each change in turn, last first, to exactly the list before it (files, order, sets; the label it set)", () => {
    fc.assert(
      fc.property(fc.array(recipe, { maxLength: 30, size: "max" }), (recipes) => {
        const made = applied(recipes);
        let { history } = made;
        const { before } = made;
        const withinDepth = before.slice(-undoDepth);
        for (const { setsTheLabel, ...listBefore } of withinDepth.reverse()) {
          const undone = undo(history);
          if (typeof undone === "string") throw new Error(`Undo not made: ${undone}`);
          expect(shown(undone)).toEqual(setsTheLabel ? listBefore : { ...listBefore, label: history.current.label });
          expect(undone.current.version).toBeGreaterThan(history.current.version);
          history = undone;
        }
        // Older changes than undoDepth are let go: nothing is left to undo.
        expect(undo(history)).toBe("unchanged");
        expect(undoable(history)).toBeNull();
      }),
      { numRuns: 100 },
    );
  });

  it("ends in the list Undo brings back whatever changes and Undos come in between", () => {
    fc.assert(
      fc.property(changesAndUndos, (steps) => {
        const newId = newIds();
        let history = emptyHistory;
        // The model: the list now, and the lists Undo goes back to, newest first.
        let now = shown(history);
        let stack: (typeof now & { setsTheLabel: boolean })[] = [];
        for (const next of steps) {
          if (next === "undo") {
            const undone = undo(history);
            if (stack.length === 0) {
              expect(undone).toBe("unchanged");
              continue;
            }
            if (typeof undone === "string") throw new Error(`Undo not made: ${undone}`);
            const [{ setsTheLabel: labelToo, ...listBefore }, ...older] = stack as [
              (typeof stack)[number],
              ...typeof stack,
            ];
            [now, stack] = [labelToo ? listBefore : { ...listBefore, label: now.label }, older];
            history = undone;
          } else {
            const change = changeOf(next, history, newId);
            const planned = planChange(history, change, history.current.version);
            if (typeof planned === "string") continue;
            if (change.kind === "label") now = { ...now, label: change.label };
            else
              [now, stack] = [
                shown(planned),
                [{ ...now, setsTheLabel: setsTheLabel(change) }, ...stack].slice(0, undoDepth),
              ];
            history = planned;
          }
          expect(shown(history)).toEqual(now);
          expect(history.earlier).toHaveLength(stack.length);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("changes nothing when planned on a version that is not the list's any more (a second tap, a tap after another change)", () => {
    fc.assert(
      fc.property(fc.array(recipe, { maxLength: 15 }), fc.integer({ min: -2, max: 40 }), (recipes, shownVersion) => {
        const { history } = applied(recipes);
        fc.pre(shownVersion !== history.current.version);
        const copy = structuredClone(history);
        expect(planUndo(history, shownVersion)).toBe("stale");
        expect(planChange(history, { kind: "deleteAll" }, shownVersion)).toBe("stale");
        expect(history).toEqual(copy);
      }),
      { numRuns: 100 },
    );
  });

  it("answers a second tap of the same Undo or Delete all with stale: it takes back or deletes nothing more", () => {
    fc.assert(
      fc.property(fc.array(recipe, { minLength: 1, maxLength: 15 }), (recipes) => {
        const { history } = applied(recipes);
        const shownVersion = history.current.version;
        const undone = planUndo(history, shownVersion);
        if (typeof undone !== "string") expect(planUndo(undone, shownVersion)).toBe("stale");
        const deleted = planChange(history, { kind: "deleteAll" }, shownVersion);
        if (typeof deleted !== "string") {
          expect(planChange(deleted, { kind: "deleteAll" }, shownVersion)).toBe("stale");
          expect(planUndo(deleted, shownVersion)).toBe("stale");
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe("the bytes the list keeps", () => {
  it("are those of every file of every version Undo can reach, and no other", () => {
    fc.assert(
      fc.property(changesAndUndos, (steps) => {
        const newId = newIds();
        let history = emptyHistory;
        for (const next of steps) {
          const planned =
            next === "undo"
              ? undo(history)
              : planChange(history, changeOf(next, history, newId), history.current.version);
          if (typeof planned !== "string") history = planned;
          const versions = [history.current, ...history.earlier];
          expect(idsInHistory(history)).toEqual(
            new Set(versions.flatMap((version) => version.files.map((file) => file.id))),
          );
          // Newest first, each version's number above the ones before it.
          const numbers = versions.map((version) => version.version);
          expect(numbers.every((number, index) => index === 0 || number < numbers[index - 1]!)).toBe(true);
        }
        // Whatever Undo brings back has its bytes.
        const kept = idsInHistory(history);
        for (let undone = undo(history); typeof undone !== "string"; undone = undo(undone))
          expect(undone.current.files.filter((file) => !kept.has(file.id))).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });
});

describe("planChange", () => {
  const file = (id: string, path: string, setOverride: ListedFile["setOverride"] = null): ListedFile => ({
    id,
    path,
    setOverride,
  });
  const made = (result: FileListHistory | string): FileListHistory => {
    if (typeof result === "string") throw new Error(`Not made: ${result}`);
    return result;
  };
  const listOf = (history: FileListHistory) => history.current.files.map((listed) => listed.path);
  const start = made(planChange(emptyHistory, { kind: "add", files: [file("a", "a.txt"), file("b", "b.txt")] }));

  it("adds only the paths not listed yet, after the listed files, and says which", () => {
    const added = made(planChange(start, { kind: "add", files: [file("a2", "a.txt"), file("c", "c.txt")] }));
    expect(listOf(added)).toEqual(["a.txt", "b.txt", "c.txt"]);
    expect(undoable(added)).toEqual({ kind: "add", paths: ["c.txt"] });
    expect(planChange(added, { kind: "add", files: [file("c2", "c.txt")] })).toBe("unchanged");
  });

  it("moves a file one place, and not past either end", () => {
    const moved = made(planChange(start, { kind: "move", id: "b", offset: -1 }));
    expect(listOf(moved)).toEqual(["b.txt", "a.txt"]);
    expect(undoable(moved)).toEqual({ kind: "move", path: "b.txt" });
    expect(planChange(moved, { kind: "move", id: "b", offset: -1 })).toBe("unchanged");
    expect(planChange(moved, { kind: "move", id: "a", offset: 1 })).toBe("unchanged");
  });

  it("changes nothing for a file that is no longer listed, or a set already chosen", () => {
    expect(planChange(start, { kind: "delete", id: "gone" })).toBe("unchanged");
    expect(planChange(start, { kind: "chooseSet", id: "a", setOverride: null, set: "standard" })).toBe("unchanged");
    expect(planChange(emptyHistory, { kind: "deleteAll" }, 0)).toBe("unchanged");
  });

  it("clears the label with Delete all, and Undo brings both back", () => {
    const labelled = made(planChange(start, { kind: "label", label: "Unit 7" }));
    const deleted = made(planChange(labelled, { kind: "deleteAll" }, labelled.current.version));
    expect(shown(deleted)).toEqual({ files: [], label: "" });
    expect(undoable(deleted)).toEqual({ kind: "deleteAll", count: 2 });
    expect(shown(made(undo(deleted)))).toEqual({ files: start.current.files, label: "Unit 7" });
  });

  it("keeps a label typed out of Undo's steps: Undo takes back the change before it, and the label typed since stays", () => {
    const labelled = made(planChange(start, { kind: "label", label: "Unit 7" }));
    expect(labelled.earlier).toEqual(start.earlier);
    expect(undoable(labelled)).toEqual({ kind: "add", paths: ["a.txt", "b.txt"] });
    const chosen = made(planChange(labelled, { kind: "chooseSet", id: "b", setOverride: "customer", set: "customer" }));
    const relabelled = made(planChange(chosen, { kind: "label", label: "Pool 1" }));
    expect(undoable(relabelled)).toEqual({ kind: "chooseSet", path: "b.txt", set: "customer" });
    expect(shown(made(undo(relabelled)))).toEqual({ files: start.current.files, label: "Pool 1" });
  });

  it("keeps the version number when the label is typed: a Delete all or Undo shown before the typing still applies", () => {
    const shownVersion = start.current.version;
    const labelled = made(planChange(start, { kind: "label", label: "Unit 7" }));
    expect(labelled.current.version).toBe(shownVersion);
    expect(shown(made(planUndo(labelled, shownVersion)))).toEqual({ files: [], label: "Unit 7" });
    expect(shown(made(planChange(labelled, { kind: "deleteAll" }, shownVersion)))).toEqual({ files: [], label: "" });
  });

  it("replaces the list and its label with a service record's, in one step of Undo", () => {
    const replaced = made(
      planChange(start, { kind: "replace", files: [file("r", "KUNDESPEC/r.txt")], label: "Pool 1" }),
    );
    expect(shown(replaced)).toEqual({ files: [file("r", "KUNDESPEC/r.txt")], label: "Pool 1" });
    expect(undoable(replaced)).toEqual({ kind: "replace", count: 1 });
    expect(shown(made(undo(replaced)))).toEqual(shown(start));
  });

  it("starts a list an older version stored as its first version, with nothing to undo", () => {
    const older = historyOf([file("a", "a.txt")], "Unit 7");
    expect(undoable(older)).toBeNull();
    expect(undo(older)).toBe("unchanged");
    expect(idsInHistory(older)).toEqual(new Set(["a"]));
  });
});
