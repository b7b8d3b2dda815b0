/**
 * One unit's history: the records found by their site/unit label, grouped by
 * it, and a record's neighbours in time of the same unit.
 */
import { newestFirst, type RecordHead } from "./serviceRecord";

/** What finding a unit's records needs of a record. */
type UnitRecord = Pick<RecordHead, "id" | "createdAt" | "label">;

/** The label as records are grouped and found by it: case and spacing do not make two units. */
function unitKey(label: string): string {
  return label.replace(/\s+/g, " ").trim().toLocaleLowerCase("en");
}

/** What the list shows in place of a label for records made without one. */
export const noUnitLabelText = "No site or unit label";

/** The unit's name as the list shows it. */
export function unitName(label: string): string {
  return label || noUnitLabelText;
}

/**
 * Records whose name, as the list shows it, holds the search text (any case): "no site" finds the records without
 * a label. An empty search finds every record.
 */
export function recordsMatching<Record extends UnitRecord>(records: readonly Record[], search: string): Record[] {
  const wanted = unitKey(search);
  return wanted === "" ? [...records] : records.filter((record) => unitKey(unitName(record.label)).includes(wanted));
}

export interface UnitRecords<Record extends UnitRecord = UnitRecord> {
  /** As the newest record of the unit spells it; "" for records without a label. */
  label: string;
  /** Newest first. */
  records: Record[];
}

/** Records a list shows at first, and adds at each "Show more": a phone renders 2,000 at once in seconds. */
export const recordsShownAtOnce = 50;

export interface ShownUnitRecords<Record extends UnitRecord = UnitRecord> extends UnitRecords<Record> {
  /** The unit's records in all, shown or not. */
  recordCount: number;
}

/** The groups cut after their first `count` records in the order shown, and how many records that leaves out. */
export function firstRecordsOf<Record extends UnitRecord>(
  groups: readonly UnitRecords<Record>[],
  count: number,
): { groups: ShownUnitRecords<Record>[]; hiddenCount: number } {
  let left = count;
  let hiddenCount = 0;
  const shown: ShownUnitRecords<Record>[] = [];
  for (const group of groups) {
    const taken = group.records.slice(0, Math.max(0, left));
    left -= taken.length;
    hiddenCount += group.records.length - taken.length;
    if (taken.length > 0) shown.push({ label: group.label, records: taken, recordCount: group.records.length });
  }
  return { groups: shown, hiddenCount };
}

/** Records by unit: the unit with the newest record first, records without a label last. */
export function groupedByUnit<Record extends UnitRecord>(records: readonly Record[]): UnitRecords<Record>[] {
  const groups = new Map<string, UnitRecords<Record>>();
  for (const record of newestFirst(records)) {
    const key = unitKey(record.label);
    const group = groups.get(key);
    if (group) group.records.push(record);
    else groups.set(key, { label: record.label, records: [record] });
  }
  const unlabelled = groups.get("");
  groups.delete("");
  return unlabelled ? [...groups.values(), unlabelled] : [...groups.values()];
}

export interface UnitNeighbours<Record extends UnitRecord = UnitRecord> {
  /** The unit's record made just before this one, or null. */
  before: Record | null;
  /** The unit's record made just after this one, or null. */
  after: Record | null;
}

/** The records of the same unit just before and after this one; none for a record without a label. */
export function unitNeighbours<Record extends UnitRecord>(
  records: readonly Record[],
  record: UnitRecord,
): UnitNeighbours<Record> {
  const key = unitKey(record.label);
  if (key === "") return { before: null, after: null };
  const unit = newestFirst(records.filter((other) => unitKey(other.label) === key));
  const index = unit.findIndex((other) => other.id === record.id);
  if (index === -1) return { before: null, after: null };
  return { before: unit[index + 1] ?? null, after: unit[index - 1] ?? null };
}
