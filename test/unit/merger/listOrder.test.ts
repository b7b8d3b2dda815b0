import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyChange,
  placeInList,
  putBackIndex,
  type DeletedFiles,
  type PlaceInList,
  type ShownFile,
  type ShownFileList,
} from "~/lib/merger/fileListState";
import { inOrderSeen, orderSeen } from "~/lib/merger/listOrder";

/** What the technician does on /files: delete one, Delete all, add a new file, or Undo one still offered. */
type Step =
  | { op: "delete"; pick: number }
  | { op: "deleteAll" }
  | { op: "add" }
  | { op: "undoDelete" }
  | { op: "undoDeleteAll"; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant("delete" as const), pick: fc.nat() }),
  fc.record({ op: fc.constant("deleteAll" as const) }),
  fc.record({ op: fc.constant("add" as const) }),
  fc.record({ op: fc.constant("undoDelete" as const) }),
  fc.record({ op: fc.constant("undoDeleteAll" as const), pick: fc.nat() }),
);

const file = (id: string): ShownFile => ({ id, path: `${id}.txt`, setOverride: null, stored: true });

/**
 * One tab as fileListActions.ts drives the list's rules: the order seen after each change, the last single delete's
 * Undo (with where the file stood), each Delete all's files held for its Undo (within the minute).
 */
function tabOf(count: number) {
  let list: ShownFileList = { files: Array.from({ length: count }, (_, i) => file(`f${i}`)), label: "", deleted: null };
  let order = orderSeen(
    [],
    list.files.map((listed) => listed.id),
  );
  let undoable: { file: ShownFile; place: PlaceInList } | null = null;
  const held = new Map<string, DeletedFiles>();
  let added = 0;
  let deleteAlls = 0;
  let warned = false;
  const see = () => {
    order = orderSeen(
      order,
      list.files.map((listed) => listed.id),
    );
  };
  function run(next: Step) {
    switch (next.op) {
      case "delete": {
        if (list.files.length === 0) return;
        const taken = list.files[next.pick % list.files.length]!;
        undoable = { file: taken, place: placeInList(list.files, taken.id) };
        list = applyChange(list, { kind: "delete", ids: [taken.id] }, true);
        break;
      }
      case "deleteAll": {
        if (list.files.length === 0) return;
        deleteAlls += 1;
        const id = `d${deleteAlls}`;
        list = applyChange(list, { kind: "deleteAll", id }, true);
        held.set(id, { files: list.deleted!.files, label: "" });
        break;
      }
      case "add":
        added += 1;
        list = applyChange(list, { kind: "add", files: [file(`x${added}`)] }, true);
        break;
      case "undoDelete": {
        if (!undoable) return;
        const { file: back, place } = undoable;
        undoable = null;
        const at = order.includes(back.id)
          ? placeInList(
              order.map((id) => ({ id })),
              back.id,
            )
          : place;
        list = applyChange(list, { kind: "add", files: [back], place: at }, true);
        // At the end, and said so, when none of the files it stood among is listed and others are.
        if (
          !putBackIndex(
            list.files.filter((listed) => listed.id !== back.id),
            at,
          ).known
        )
          warned = true;
        break;
      }
      case "undoDeleteAll": {
        const offered = [...held.keys()];
        if (offered.length === 0) return;
        const id = offered[next.pick % offered.length]!;
        list = applyChange(list, { kind: "undoDeleteAll", id, held: held.get(id)!, order }, true);
        held.delete(id);
        break;
      }
    }
    see();
  }
  /** Every Undo still offered, in the order `picks` gives. */
  function undoAll(picks: readonly number[]) {
    let index = 0;
    while (undoable || held.size > 0) {
      const pick = picks[index % Math.max(picks.length, 1)] ?? 0;
      index += 1;
      run(undoable && (pick % 2 === 0 || held.size === 0) ? { op: "undoDelete" } : { op: "undoDeleteAll", pick });
    }
  }
  return { run, undoAll, ids: () => list.files.map((listed) => listed.id), warned: () => warned };
}

const originalsIn = (ids: readonly string[]) => ids.filter((id) => id.startsWith("f"));

describe("Undos put every file back where it stood, in any order (listOrder, K1, K2)", () => {
  it("the order seen keeps the listed files' order and each deleted file's place", () => {
    expect(orderSeen([], ["a", "b", "c"])).toEqual(["a", "b", "c"]);
    // c deleted, then a, b: all three wait in their places; x added later stands after them.
    expect(orderSeen(["a", "b", "c"], ["x"])).toEqual(["a", "b", "c", "x"]);
    // c back alone: a, b wait in front of it.
    expect(orderSeen(["a", "b", "c"], ["c"])).toEqual(["a", "b", "c"]);
    const back = inOrderSeen(["a", "b", "c", "x"], [file("a"), file("b")], [file("c"), file("x")]);
    expect(back.files.map((listed) => listed.id)).toEqual(["a", "b", "c", "x"]);
    expect(back.unknown).toEqual([]);
  });

  it("without adds, once every Undo offered is made, the list is the original (less the deletes a later one took the Undo of)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(
          step.filter((next) => next.op !== "add"),
          { maxLength: 14 },
        ),
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        (count, steps, picks) => {
          const tab = tabOf(count);
          for (const next of steps) tab.run(next);
          tab.undoAll(picks);
          const original = Array.from({ length: count }, (_, i) => `f${i}`);
          const listed = new Set(tab.ids());
          expect(tab.ids()).toEqual(original.filter((id) => listed.has(id)));
          expect(tab.warned()).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("with adds, the original files keep their order among themselves, or a notice says the order may have changed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(step, { maxLength: 16 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        (count, steps, picks) => {
          const tab = tabOf(count);
          for (const next of steps) {
            tab.run(next);
            if (tab.warned()) return;
            const originals = originalsIn(tab.ids());
            expect(originals).toEqual([...originals].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))));
          }
          tab.undoAll(picks);
          if (tab.warned()) return;
          const originals = originalsIn(tab.ids());
          expect(originals).toEqual([...originals].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1))));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("K1 and K2 as the technician made them", () => {
    const k1 = (undos: [number, number]) => {
      const tab = tabOf(3);
      tab.run({ op: "delete", pick: 2 });
      tab.run({ op: "deleteAll" });
      tab.run({ op: "undoDelete" });
      tab.run({ op: "deleteAll" });
      // d1, then d2 (picks index into the Delete alls still offered, oldest first).
      tab.run({ op: "undoDeleteAll", pick: undos[0] });
      tab.run({ op: "undoDeleteAll", pick: undos[1] });
      return tab.ids();
    };
    expect(k1([0, 0])).toEqual(["f0", "f1", "f2"]);
    expect(k1([1, 0])).toEqual(["f0", "f1", "f2"]);
    const tab = tabOf(3);
    tab.run({ op: "delete", pick: 0 });
    tab.run({ op: "deleteAll" });
    tab.run({ op: "add" });
    tab.run({ op: "deleteAll" });
    tab.run({ op: "undoDelete" });
    tab.run({ op: "undoDeleteAll", pick: 0 });
    expect(tab.ids()).toEqual(["f0", "f1", "f2"]);
    expect(tab.warned()).toBe(false);
  });
});
