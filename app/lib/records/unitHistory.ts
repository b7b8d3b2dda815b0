/**
 * One unit's history: the records found by their site/unit label, grouped by
 * it, and a record's neighbours in time of the same unit.
 */
import { newestFirst, type ServiceRecord } from "./serviceRecord";

/** The label as records are grouped and found by it: case and spacing do not make two units. */
function unitKey(label: string): string {
  return label.replace(/\s+/g, " ").trim().toLocaleLowerCase("en");
}

/** Records whose label holds the search text (any case); an empty search finds every record. */
export function recordsMatching(records: readonly ServiceRecord[], search: string): ServiceRecord[] {
  const wanted = unitKey(search);
  return wanted === "" ? [...records] : records.filter((record) => unitKey(record.label).includes(wanted));
}

export interface UnitRecords {
  /** As the newest record of the unit spells it; "" for records without a label. */
  label: string;
  /** Newest first. */
  records: ServiceRecord[];
}

/** Records by unit: the unit with the newest record first, records without a label last. */
export function groupedByUnit(records: readonly ServiceRecord[]): UnitRecords[] {
  const groups = new Map<string, UnitRecords>();
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

export interface UnitNeighbours {
  /** The unit's record made just before this one, or null. */
  before: ServiceRecord | null;
  /** The unit's record made just after this one, or null. */
  after: ServiceRecord | null;
}

/** The records of the same unit just before and after this one; none for a record without a label. */
export function unitNeighbours(records: readonly ServiceRecord[], record: ServiceRecord): UnitNeighbours {
  const key = unitKey(record.label);
  if (key === "") return { before: null, after: null };
  const unit = newestFirst(records.filter((other) => unitKey(other.label) === key));
  const index = unit.findIndex((other) => other.id === record.id);
  if (index === -1) return { before: null, after: null };
  return { before: unit[index + 1] ?? null, after: unit[index - 1] ?? null };
}
