/**
 * A backup of the service records as one ZIP file, so a unit's history
 * outlives the browser (docs/behaviour.md#records): `manifest.json` (the
 * format, its version and every record) and each kept file once, named by its
 * SHA-256. Reading a backup checks everything before anything is stored: a
 * damaged, cut-off or foreign file is named as such and changes nothing.
 *
 * Plain data in, plain data out: hashing and pausing for the page are handed
 * in by the browser adapter (app/lib/records/browser/recordsBackup.ts).
 */
import { Zip, ZipDeflate, strFromU8, strToU8, unzipSync } from "fflate";
import { z } from "zod";
import { megabytes } from "~/lib/merger/deviceLimit";
import { isUnreachableRecordId } from "./recordIntents";
import {
  fileFingerprintSchema,
  keptSha256sOf,
  serviceRecordSchema,
  tidiedLabel,
  type FileFingerprint,
  type ServiceRecord,
} from "./serviceRecord";

export const backupFormat = "technician-toolbox-records";
/**
 * The newest format this version reads and writes. Format 2 is format 1 with the destinations of a card write
 * that was not verified ("card-unverified", "card-incomplete"). A backup holding none of those is still written
 * as format 1, which every version reads; one holding any is format 2, so a version before them says the backup
 * is from a newer version rather than calling it damaged.
 */
export const backupFormatVersion = 2;
const firstFormatDestinations: readonly ServiceRecord["destination"][] = ["downloaded", "card"];

/** The oldest format that holds these records (see backupFormatVersion). */
export function backupFormatVersionOf(records: readonly Pick<ServiceRecord, "destination">[]): 1 | 2 {
  return records.every((record) => firstFormatDestinations.includes(record.destination)) ? 1 : 2;
}
export const backupManifestName = "manifest.json";

/** Where a kept file sits in the archive: named by its SHA-256 (.txt, so it opens as text when unpacked by hand). */
export const backupFilePath = (sha256: string) => `files/${sha256}.txt`;

/** Just enough to tell a backup of this tool, and of which version, from any other ZIP. */
const manifestHeadSchema = z.object({ format: z.string(), version: z.number() });

export const backupManifestSchema = z.object({
  format: z.literal(backupFormat),
  version: z.union([z.literal(1), z.literal(backupFormatVersion)]),
  /** ISO 8601, UTC. */
  createdAt: z.string().datetime(),
  records: z.array(serviceRecordSchema),
  /** Every file in the archive; a record may refer to a file that was already gone when the backup was made. */
  files: z.array(fileFingerprintSchema),
});
export type BackupManifest = z.infer<typeof backupManifestSchema>;

/** `technician-toolbox-records-2025-03-12.zip`, by the technician's local date. */
export function backupFileName(now: Date): string {
  const two = (value: number) => String(value).padStart(2, "0");
  return `technician-toolbox-records-${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}.zip`;
}

export interface BuiltBackup {
  bytes: Uint8Array<ArrayBuffer>;
  manifest: BackupManifest;
  /** What it unpacks to, its manifest and files together: what a restore checks against the device's limit. */
  unpackedBytes: number;
}

export interface BackupIo {
  /** The kept bytes with this SHA-256, or null when they are gone. */
  bytesOf(sha256: string): Promise<Uint8Array | null>;
  /** Called between files, so a big backup leaves the page free to answer. */
  pause?(): Promise<void>;
}

function joined(chunks: readonly Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

/** The archive of these records and the files they keep (each file once). */
export async function buildBackup(records: readonly ServiceRecord[], now: Date, io: BackupIo): Promise<BuiltBackup> {
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const addEntry = (name: string, bytes: Uint8Array) => {
    const entry = new ZipDeflate(name, { level: 6 });
    zip.add(entry);
    entry.push(bytes, true);
  };

  const files: FileFingerprint[] = [];
  const fileBytes: Uint8Array[] = [];
  for (const sha256 of new Set(records.flatMap(keptSha256sOf))) {
    const bytes = await io.bytesOf(sha256);
    if (!bytes) continue;
    files.push({ sha256, size: bytes.byteLength });
    fileBytes.push(bytes);
  }
  const manifest: BackupManifest = {
    format: backupFormat,
    version: backupFormatVersionOf(records),
    createdAt: now.toISOString(),
    records: [...records],
    files,
  };
  // The manifest first: whoever unpacks the archive by hand finds it on top.
  const manifestBytes = strToU8(JSON.stringify(manifest, null, 1));
  addEntry(backupManifestName, manifestBytes);
  for (const [index, file] of files.entries()) {
    addEntry(backupFilePath(file.sha256), fileBytes[index]!);
    await io.pause?.();
  }
  zip.end();
  if (failure) throw failure;
  const unpackedBytes = files.reduce((total, file) => total + file.size, manifestBytes.length);
  return { bytes: joined(chunks), manifest, unpackedBytes };
}

export interface ReadBackup {
  manifest: BackupManifest;
  /** The archive's files by SHA-256, each checked against it. */
  bytesBySha256: Map<string, Uint8Array<ArrayBuffer>>;
}

export type BackupReading = { ok: true; backup: ReadBackup } | { ok: false; problem: string };

/** What is wrong with a file given as a backup, in the technician's words (the toast says that nothing changed). */
export const backupProblems = {
  notZip: "the file is not a ZIP archive, so it is not a records backup of Technician Toolbox.",
  unreadableZip:
    "the ZIP archive is damaged or incomplete (cut off while it was copied or downloaded?), so it cannot be read.",
  noManifest: `the ZIP archive has no ${backupManifestName}, so it is not a records backup of Technician Toolbox.`,
  manifestNotJson: `${backupManifestName} in the backup is damaged (it is not readable JSON).`,
  foreignManifest: `${backupManifestName} in the ZIP archive is not that of a Technician Toolbox records backup.`,
  newerVersion: (version: number) =>
    `the backup was made by a newer version of Technician Toolbox (backup format ${version}); this version reads formats 1 and ${backupFormatVersion}.`,
  unknownVersion: (version: number) =>
    `${backupManifestName} in the backup names format ${version}, which no version of Technician Toolbox has made; this version reads formats 1 and ${backupFormatVersion}.`,
  invalidManifest: (where: string, what: string) =>
    `${backupManifestName} in the backup is damaged: ${where ? `${where}: ` : ""}${what}.`,
  missingFile: (path: string) => `the backup is incomplete: ${path}, listed in ${backupManifestName}, is missing.`,
  damagedFile: (path: string) => `the backup is damaged: ${path} does not match its size or SHA-256.`,
  repeatedEntry: (name: string) => `the ZIP archive is damaged: it holds ${name} more than once.`,
  tooBig: (unpackedBytes: number, mostBytes: number) =>
    `the backup would unpack to ${megabytes(unpackedBytes)}, more than this browser can take on this device (${megabytes(mostBytes)}). Restore it on a device with more memory.`,
} as const;

/** Said when a backup is made that this browser could not restore on this device: keep it, restore it elsewhere. */
export const backupTooBigHere = (unpackedBytes: number, mostBytes: number) =>
  `It unpacks to ${megabytes(unpackedBytes)}, more than this browser can restore on this device (${megabytes(mostBytes)}): keep it, and restore it on a device with more memory.`;

const looksLikeZip = (bytes: Uint8Array) => bytes.length >= 4 && bytes[0] === 0x50 && bytes[1] === 0x4b;

/** How much the archive's files unpack to between two pauses: a few tens of milliseconds on a phone. */
const unzipBatchBytes = 2 * 1024 * 1024;

/**
 * The archive's entries and the size each says it unpacks to, read from the directory at the archive's end:
 * a file cut off on the way has none, and is refused before any unpacking. fflate unpacks an entry to no
 * more than the size it states, so these sizes bound what a restore can take.
 */
function entrySizesOf(archive: Uint8Array): { sizes: Map<string, number>; repeatedName: string | null } {
  const sizes = new Map<string, number>();
  let repeatedName: string | null = null;
  unzipSync(archive, {
    filter: (file) => {
      // fflate unpacks every entry of a name: a name stated again could unpack past any size checked here.
      if (sizes.has(file.name)) repeatedName ??= file.name;
      sizes.set(file.name, file.originalSize);
      return false;
    },
  });
  return { sizes, repeatedName };
}

/** These entries unpacked, a batch at a time with a pause between batches. */
async function unpacked(archive: Uint8Array, sizes: ReadonlyMap<string, number>, pause?: () => Promise<void>) {
  const names = [...sizes.keys()];
  const entries: Record<string, Uint8Array> = {};
  for (let from = 0; from < names.length;) {
    const batch = new Set<string>();
    let size = 0;
    while (from < names.length && (batch.size === 0 || size + sizes.get(names[from]!)! <= unzipBatchBytes)) {
      batch.add(names[from]!);
      size += sizes.get(names[from]!)!;
      from++;
    }
    Object.assign(entries, unzipSync(archive, { filter: (file) => batch.has(file.name) }));
    await pause?.();
  }
  return entries;
}

/** The files a record refers to, with where in the record each is named. */
function fingerprintsOf(record: ServiceRecord): { where: string; what: string; fingerprint: FileFingerprint }[] {
  const named = [{ where: "parFile", what: "its PAR.txt", fingerprint: record.parFile }];
  const previous = record.cardComparison?.previousParFile;
  if (previous)
    named.push({ where: "cardComparison.previousParFile", what: "the card's previous PAR.txt", fingerprint: previous });
  for (const [index, input] of record.inputs.entries())
    if (input.fingerprint)
      named.push({ where: `inputs.${index}.fingerprint`, what: input.path, fingerprint: input.fingerprint });
  return named;
}

/**
 * What is wrong with a record the schema lets through: lists not as long as its counts say (the record screen
 * shows both), a file whose size differs from that of the archive's file with its SHA-256, or an id no address
 * can open.
 */
function recordProblemOf(records: readonly ServiceRecord[], files: readonly FileFingerprint[]): string | null {
  const sizeBySha256 = new Map(files.map((file) => [file.sha256, file.size]));
  for (const [index, record] of records.entries()) {
    if (isUnreachableRecordId(record.id))
      return backupProblems.invalidManifest(`records.${index}.id`, `"${record.id}" cannot be the id of a record`);
    if (record.rewritten.length !== record.counts.rewrittenCount)
      return backupProblems.invalidManifest(
        `records.${index}`,
        `it counts ${record.counts.rewrittenCount} rewritten codes but lists ${record.rewritten.length}`,
      );
    if (record.added.length !== record.counts.addedCount)
      return backupProblems.invalidManifest(
        `records.${index}`,
        `it counts ${record.counts.addedCount} added codes but lists ${record.added.length}`,
      );
    if (record.confirmedProblems.length !== record.counts.problemCount)
      return backupProblems.invalidManifest(
        `records.${index}`,
        `it counts ${record.counts.problemCount} confirmed problems but lists ${record.confirmedProblems.length}`,
      );
    for (const { where, what, fingerprint } of fingerprintsOf(record)) {
      const size = sizeBySha256.get(fingerprint.sha256);
      if (size !== undefined && size !== fingerprint.size)
        return backupProblems.invalidManifest(
          `records.${index}.${where}`,
          `it says ${what} has ${fingerprint.size} bytes, but the backup's file with its SHA-256 has ${size}`,
        );
    }
  }
  return null;
}

/** How many of these records come without their PAR.txt: it was gone from the browser when the backup was made. */
export function recordsWithoutParFile(records: readonly ServiceRecord[], bytesBySha256: ReadonlyMap<string, unknown>) {
  return records.filter((record) => !bytesBySha256.has(record.parFile.sha256)).length;
}

export interface BackupReadOptions {
  /** Called between batches of unpacking, so a big backup leaves the page free to answer. */
  pause?: () => Promise<void>;
  /** The most bytes the backup may unpack to, its manifest and the files it lists together. */
  mostUnpackedBytes?: number;
}

/**
 * The backup's records and files, each file checked against its size and
 * SHA-256 (hashed by `sha256Of`), or what is wrong with the file. Only the
 * manifest and the files it lists are unpacked, and only when together they
 * fit `mostUnpackedBytes`: a small ZIP can claim to hold gigabytes.
 */
export async function readBackup(
  archive: Uint8Array,
  sha256Of: (bytes: Uint8Array<ArrayBuffer>) => Promise<string>,
  { pause, mostUnpackedBytes = Number.POSITIVE_INFINITY }: BackupReadOptions = {},
): Promise<BackupReading> {
  const problem = (text: string): BackupReading => ({ ok: false, problem: text });
  if (!looksLikeZip(archive)) return problem(backupProblems.notZip);
  let sizes: Map<string, number>;
  let manifestBytes: Uint8Array | undefined;
  try {
    const listing = entrySizesOf(archive);
    if (listing.repeatedName !== null) return problem(backupProblems.repeatedEntry(listing.repeatedName));
    sizes = listing.sizes;
    const manifestSize = sizes.get(backupManifestName);
    if (manifestSize === undefined) return problem(backupProblems.noManifest);
    if (manifestSize > mostUnpackedBytes) return problem(backupProblems.tooBig(manifestSize, mostUnpackedBytes));
    manifestBytes = (await unpacked(archive, new Map([[backupManifestName, manifestSize]])))[backupManifestName];
  } catch {
    return problem(backupProblems.unreadableZip);
  }
  if (!manifestBytes) return problem(backupProblems.noManifest);
  let json: unknown;
  try {
    json = JSON.parse(strFromU8(manifestBytes));
  } catch {
    return problem(backupProblems.manifestNotJson);
  }
  const head = manifestHeadSchema.safeParse(json);
  if (!head.success || head.data.format !== backupFormat) return problem(backupProblems.foreignManifest);
  if (head.data.version > backupFormatVersion && Number.isInteger(head.data.version))
    return problem(backupProblems.newerVersion(head.data.version));
  // Format 1 is the first there was: 0, -1 or 1.5 is no backup this tool made, not a damaged field.
  if (head.data.version !== 1 && head.data.version !== backupFormatVersion)
    return problem(backupProblems.unknownVersion(head.data.version));
  const parsed = backupManifestSchema.safeParse(json);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    return problem(backupProblems.invalidManifest(issue?.path.join(".") ?? "", issue?.message ?? "unreadable"));
  }
  const recordProblem = recordProblemOf(parsed.data.records, parsed.data.files);
  if (recordProblem) return problem(recordProblem);

  const listedSizes = new Map<string, number>();
  for (const file of parsed.data.files) {
    const path = backupFilePath(file.sha256);
    if (!sizes.has(path)) return problem(backupProblems.missingFile(path));
    if (sizes.get(path) !== file.size) return problem(backupProblems.damagedFile(path));
    listedSizes.set(path, file.size);
  }
  const unpackedSize = manifestBytes.length + [...listedSizes.values()].reduce((total, size) => total + size, 0);
  if (unpackedSize > mostUnpackedBytes) return problem(backupProblems.tooBig(unpackedSize, mostUnpackedBytes));
  let entries: Record<string, Uint8Array>;
  try {
    entries = await unpacked(archive, listedSizes, pause);
  } catch {
    return problem(backupProblems.unreadableZip);
  }
  const bytesBySha256 = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const file of parsed.data.files) {
    const path = backupFilePath(file.sha256);
    const bytes = entries[path] as Uint8Array<ArrayBuffer> | undefined;
    if (!bytes) return problem(backupProblems.missingFile(path));
    if (bytes.byteLength !== file.size || (await sha256Of(bytes)) !== file.sha256)
      return problem(backupProblems.damagedFile(path));
    bytesBySha256.set(file.sha256, bytes);
  }
  // Labels as the app keeps them (one line, trimmed), whoever wrote the manifest.
  const records = parsed.data.records.map((record) => ({ ...record, label: tidiedLabel(record.label) }));
  return { ok: true, backup: { manifest: { ...parsed.data, records }, bytesBySha256 } };
}

export interface RecordsToRestore {
  /** The backup's records this browser does not hold yet, each once. */
  records: ServiceRecord[];
  /** The bytes those records keep, as far as the backup has them. */
  bytesBySha256: Map<string, Uint8Array<ArrayBuffer>>;
  /** Records of the backup this browser already holds: not added twice. */
  alreadyHereCount: number;
  /** Records the backup holds more than once (the same id): added once, the first of them. */
  repeatedCount: number;
}

/** Which of the backup's records to add: a record already here (same id) is left as it is. */
export function recordsToRestore(backup: ReadBackup, presentIds: ReadonlySet<string>): RecordsToRestore {
  const seen = new Set(presentIds);
  const records: ServiceRecord[] = [];
  let alreadyHereCount = 0;
  let repeatedCount = 0;
  for (const record of backup.manifest.records) {
    if (seen.has(record.id)) {
      if (presentIds.has(record.id)) alreadyHereCount++;
      else repeatedCount++;
      continue;
    }
    seen.add(record.id);
    records.push(record);
  }
  const bytesBySha256 = new Map<string, Uint8Array<ArrayBuffer>>();
  for (const sha256 of records.flatMap(keptSha256sOf)) {
    const bytes = backup.bytesBySha256.get(sha256);
    if (bytes) bytesBySha256.set(sha256, bytes);
  }
  return { records, bytesBySha256, alreadyHereCount, repeatedCount };
}
