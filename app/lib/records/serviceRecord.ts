/**
 * The service record of one PAR.txt: what went in, what the customer set
 * changed, which problems the technician confirmed, what came out (its SHA-256)
 * and where it went. A record is plain data (zod checks it when it is read
 * back, so an old or damaged entry is skipped, never a crash); the bytes it
 * refers to are kept beside it under their SHA-256.
 */
import { z } from "zod";
import type { MergeRecordContent } from "~/lib/merger/mergeRecordContent";
import { parameterFilePathSchema } from "~/lib/merger/parameterFilePath";
import { lineEndingLabels } from "~/lib/merger/parFileFormat";
import { csvFile } from "~/lib/shell/csvFile";
import { countOf } from "~/lib/shell/plural";

/** Input files are kept for "Load these files again" while together they stay within this size. */
export const keptInputBytesLimit = 20 * 1024 * 1024;

import { parFileDestinations, type ParFileDestination } from "~/lib/merger/parFileFormat";

export type { ParFileDestination };

export const destinationLabels: Record<ParFileDestination, string> = {
  downloaded: "Downloaded",
  card: "Written and verified to the card",
  "card-unverified": "Written to the card, not verified",
  "card-incomplete": "Written to the card, may be incomplete",
};

const sha256Schema = z.string().regex(/^[0-9a-f]{64}$/);
const countSchema = z.number().int().nonnegative();
const setSchema = z.enum(["standard", "customer"]);
const sourceSchema = z.object({ path: z.string(), lineNumber: z.number().int().positive() });

/** A file as a record knows it: its size and SHA-256. */
export const fileFingerprintSchema = z.object({ sha256: sha256Schema, size: countSchema });
export type FileFingerprint = z.infer<typeof fileFingerprintSchema>;

const recordInputSchema = z.object({
  /** 1 = first in the list. */
  order: z.number().int().positive(),
  /** Read in one spelling: a record made before the rule may keep a Mac's name decomposed (Load these files again). */
  path: parameterFilePathSchema,
  set: setSchema,
  setOverride: setSchema.nullable(),
  parameterCount: countSchema,
  /** null: the file's bytes were already gone from this browser when PAR.txt was made. */
  fingerprint: fileFingerprintSchema.nullable(),
  /** Whether the bytes are kept with the record, so the file can be loaded again. */
  bytesKept: z.boolean(),
});

export const serviceRecordSchema = z.object({
  id: z.string().min(1),
  /** ISO 8601, UTC. */
  createdAt: z.string().datetime(),
  label: z.string(),
  destination: z.enum(parFileDestinations),
  lineEnding: z.enum(["crlf", "lf"]),
  counts: z.object({
    parameterCount: countSchema,
    rewrittenCount: countSchema,
    addedCount: countSchema,
    problemCount: countSchema,
  }),
  inputs: z.array(recordInputSchema),
  rewritten: z.array(
    z.object({
      code: z.string(),
      /** From the parameter catalogue (records made without one, or before it existed, have none). */
      name: z.string().optional(),
      standardValue: z.string(),
      customerValue: z.string(),
      source: sourceSchema,
    }),
  ),
  added: z.array(z.object({ code: z.string(), name: z.string().optional(), value: z.string(), source: sourceSchema })),
  /** The problems the technician ticked as checked before PAR.txt was made. */
  confirmedProblems: z.array(
    z.object({ path: z.string(), lineNumber: z.number().int().positive().nullable(), message: z.string() }),
  ),
  parFile: fileFingerprintSchema,
  /** Only for a card write (verified or not): what the card held before, and how it compared. */
  cardComparison: z.object({ summary: z.string(), previousParFile: fileFingerprintSchema.nullable() }).nullable(),
  /** The parameter catalogue PAR.txt was checked against; records made before catalogues existed read as none. */
  catalogue: z.object({ fileName: z.string(), sha256: sha256Schema }).nullable().default(null),
});
export type ServiceRecord = z.infer<typeof serviceRecordSchema>;

/**
 * A record's lists that grow with the set (a big set rewrites 100,000 codes): stored and read a page at a
 * time, so opening a record or listing the records never reads them whole.
 */
export const recordRowParts = ["rewritten", "added", "confirmedProblems"] as const;
export type RecordRowPart = (typeof recordRowParts)[number];
export type RecordRow<Part extends RecordRowPart> = ServiceRecord[Part][number];
export const recordRowSchemas = {
  rewritten: serviceRecordSchema.shape.rewritten.element,
  added: serviceRecordSchema.shape.added.element,
  confirmedProblems: serviceRecordSchema.shape.confirmedProblems.element,
} satisfies Record<RecordRowPart, z.ZodTypeAny>;

/** What every record shows without its long lists: the same fields, and how many rows each list has. */
export const serviceRecordSummarySchema = serviceRecordSchema
  .omit({ rewritten: true, added: true, confirmedProblems: true })
  .extend({ rowCounts: z.object({ rewritten: countSchema, added: countSchema, confirmedProblems: countSchema }) });
export type ServiceRecordSummary = z.infer<typeof serviceRecordSummarySchema>;

/** The fields a whole record and its summary share. */
export type RecordHead = Omit<ServiceRecord, RecordRowPart>;

export function summaryOf(record: ServiceRecord): ServiceRecordSummary {
  const { rewritten, added, confirmedProblems, ...head } = record;
  return {
    ...head,
    rowCounts: { rewritten: rewritten.length, added: added.length, confirmedProblems: confirmedProblems.length },
  };
}

export interface ServiceRecordParts {
  id: string;
  createdAt: Date;
  label: string;
  destination: ParFileDestination;
  lineEnding: ServiceRecord["lineEnding"];
  content: MergeRecordContent;
  /** By file id; a file whose bytes were gone has none. */
  inputFingerprints: ReadonlyMap<string, FileFingerprint>;
  /** File ids whose bytes go into the record. */
  keptInputIds: ReadonlySet<string>;
  parFile: FileFingerprint;
  cardComparison: { summary: string; previousParFile: FileFingerprint | null } | null;
}

export function buildServiceRecord(parts: ServiceRecordParts): ServiceRecord {
  const { content } = parts;
  return {
    id: parts.id,
    createdAt: parts.createdAt.toISOString(),
    label: tidiedLabel(parts.label),
    destination: parts.destination,
    lineEnding: parts.lineEnding,
    counts: content.counts,
    inputs: content.inputs.map((input, index) => {
      const fingerprint = parts.inputFingerprints.get(input.id) ?? null;
      return {
        order: index + 1,
        path: input.path,
        set: input.set,
        setOverride: input.setOverride,
        parameterCount: input.parameterCount,
        fingerprint,
        bytesKept: fingerprint !== null && parts.keptInputIds.has(input.id),
      };
    }),
    rewritten: content.rewritten,
    added: content.added,
    confirmedProblems: content.problems,
    parFile: parts.parFile,
    cardComparison: parts.cardComparison,
    catalogue: content.catalogue ?? null,
  };
}

/**
 * The site/unit label as kept: one line, no spaces around it, at most 200 characters, and no control or
 * format character (a right-to-left override would show "Unit 7" as "7 tinU" in every list and report;
 * the joiners some scripts and emoji need stay).
 */
export function tidiedLabel(label: string): string {
  return label
    .replace(/(?![\u200c\u200d\s])[\p{Cc}\p{Cf}]/gu, "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 200);
}

/** The files whose bytes are kept: in list order, while the running total stays within the limit. */
export function inputIdsToKeep(
  inputs: readonly { id: string; size: number }[],
  limit: number = keptInputBytesLimit,
): Set<string> {
  const kept = new Set<string>();
  let total = 0;
  for (const input of inputs) {
    if (total + input.size > limit) continue;
    total += input.size;
    kept.add(input.id);
  }
  return kept;
}

/** The same record without its input files' bytes: what is stored when the browser has no room for them. */
export function withoutInputBytes<Record extends RecordHead>(record: Record): Record {
  return { ...record, inputs: record.inputs.map((input) => ({ ...input, bytesKept: false })) };
}

/** Every SHA-256 whose bytes the record keeps. */
export function keptSha256sOf(record: RecordHead): string[] {
  const kept = [record.parFile.sha256];
  const previous = record.cardComparison?.previousParFile;
  if (previous) kept.push(previous.sha256);
  for (const input of record.inputs) if (input.bytesKept && input.fingerprint) kept.push(input.fingerprint.sha256);
  return kept;
}

/** The input files that cannot be loaded again, by path. */
export function goneInputPaths(record: RecordHead): string[] {
  return record.inputs.filter((input) => !input.bytesKept).map((input) => input.path);
}

/** Newest first; records made in the same millisecond keep a stable order. */
export function newestFirst<Record extends Pick<RecordHead, "createdAt" | "id">>(records: readonly Record[]): Record[] {
  return [...records].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
}

/** "12 Mar 2025, 14:03:07" in the technician's time zone. */
export function recordTimeText(createdAt: string): string {
  return new Date(createdAt).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "medium" });
}

/** "2025-03-12 14.03" (local time): sorts by date, and every file system accepts it. */
function fileNameStamp(date: Date): string {
  const two = (value: number) => String(value).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())} ${two(date.getHours())}.${two(date.getMinutes())}`;
}

/** The card's PAR.txt from before the write: named so it is never mistaken for the new one. */
export function previousParFileName(record: Pick<RecordHead, "createdAt">): string {
  return `PAR before ${fileNameStamp(new Date(record.createdAt))}.txt`;
}

export function serviceRecordsCsvFileName(now: Date): string {
  return `Service records ${fileNameStamp(now)}.csv`;
}

const csvColumns: [heading: string, cell: (record: ServiceRecord) => string | number][] = [
  ["Time", (record) => record.createdAt],
  ["Label", (record) => record.label],
  ["Destination", (record) => destinationLabels[record.destination]],
  ["Parameters", (record) => record.counts.parameterCount],
  ["Rewritten", (record) => record.counts.rewrittenCount],
  ["Added", (record) => record.counts.addedCount],
  ["Confirmed problems", (record) => record.confirmedProblems.length],
  ["Line ending", (record) => lineEndingLabels[record.lineEnding]],
  ["PAR.txt SHA-256", (record) => record.parFile.sha256],
  ["PAR.txt bytes", (record) => record.parFile.size],
  [
    "Input files",
    (record) =>
      lines(
        record.inputs,
        (input) =>
          `${input.order}. ${input.path} (${input.set}, ${input.parameterCount} parameters, ${input.fingerprint ? `${input.fingerprint.size} bytes, SHA-256 ${input.fingerprint.sha256}` : "contents gone"})`,
      ),
  ],
  [
    "Rewritten codes",
    (record) => lines(record.rewritten, (entry) => `${entry.code}: ${entry.standardValue} → ${entry.customerValue}`),
  ],
  ["Added codes", (record) => lines(record.added, (entry) => `${entry.code}: ${entry.value}`)],
  [
    "Confirmed problem messages",
    (record) => lines(record.confirmedProblems, (problem) => `${problem.path}: ${problem.message}`),
  ],
  ["Card comparison", (record) => record.cardComparison?.summary ?? ""],
  ["Card's previous PAR.txt SHA-256", (record) => record.cardComparison?.previousParFile?.sha256 ?? ""],
  ["Parameter catalogue", (record) => (record.catalogue ? record.catalogue.fileName : "")],
  ["Parameter catalogue SHA-256", (record) => record.catalogue?.sha256 ?? ""],
  ["Id", (record) => record.id],
];

function lines<T>(entries: readonly T[], line: (entry: T) => string): string {
  return entries.map(line).join("\n");
}

/** One row per record, newest first, every list in full (one line per entry in its cell). */
export function serviceRecordsCsv(records: readonly ServiceRecord[]): string {
  return csvFile({
    fields: csvColumns.map(([heading]) => heading),
    rows: newestFirst(records).map((record) => csvColumns.map(([, cell]) => cell(record))),
  });
}

/** What the note of a backup or an export that left something out says (leftOutText). */
export const leftOutTexts = {
  /** One "100 rows of the record of …" each. */
  unreadRows: (leftOut: readonly string[]) =>
    `Left out, as this browser's storage damaged them: ${leftOut.join("; ")}.`,
  unreadableRecords: (recordCount: number) =>
    `Left out: ${countOf(recordCount, "record")} this version cannot read (damaged, or written by another version).`,
} as const;

/** What a backup or an export left out: rows storage damaged, and records this version cannot read; null if none. */
export function leftOutText(
  unreadRows: readonly { record: RecordHead; rowCount: number }[],
  unreadableCount: number,
): string | null {
  const parts = [
    ...(unreadRows.length > 0 ? [unreadRowsText(unreadRows)] : []),
    ...(unreadableCount > 0 ? [leftOutTexts.unreadableRecords(unreadableCount)] : []),
  ];
  return parts.length > 0 ? parts.join(" ") : null;
}

/** What a backup or an export left out: "100 rows of the record of 12 Mar 2025, 14:03:07 · Unit 7", per record. */
export function unreadRowsText(unreadRows: readonly { record: RecordHead; rowCount: number }[]): string {
  return leftOutTexts.unreadRows(
    unreadRows.map(
      ({ record, rowCount }) =>
        `${countOf(rowCount, "row")} of the record of ${recordTimeText(record.createdAt)}${record.label ? ` · ${record.label}` : ""}`,
    ),
  );
}
