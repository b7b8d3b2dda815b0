// A records backup made in the test, as Back up records writes it: a quick way to put records of
// several units into a fresh browser (Restore from backup) without a merge for each.
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { expect, type Page } from "@playwright/test";
import { strToU8, zipSync } from "fflate";

export const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

export interface MadeRecord {
  id: string;
  label: string;
  /** Minutes after 12 Mar 2025, 13:00 UTC. */
  minute: number;
  parText: string;
  /** For a record of Write to SD card: the card's PAR.txt before the write. */
  previousText?: string;
}

/** Writes the backup to `path`. */
export async function writeBackup(path: string, records: readonly MadeRecord[]) {
  const files: Record<string, Uint8Array> = {};
  const fingerprint = (text: string) => {
    const bytes = strToU8(text);
    files[`files/${sha256(bytes)}.txt`] = bytes;
    return { sha256: sha256(bytes), size: bytes.length };
  };
  const manifestRecords = records.map((record) => ({
    id: record.id,
    createdAt: new Date(Date.UTC(2025, 2, 12, 13, record.minute)).toISOString(),
    label: record.label,
    destination: record.previousText === undefined ? "downloaded" : "card",
    lineEnding: "crlf",
    counts: { parameterCount: 1, rewrittenCount: 0, addedCount: 0, problemCount: 0 },
    inputs: [],
    rewritten: [],
    added: [],
    confirmedProblems: [],
    parFile: fingerprint(record.parText),
    cardComparison:
      record.previousText === undefined
        ? null
        : { summary: "1 changed, 0 added, 0 removed, 0 unchanged", previousParFile: fingerprint(record.previousText) },
  }));
  const listed = Object.entries(files).map(([name, bytes]) => ({
    sha256: name.slice("files/".length, -".txt".length),
    size: bytes.length,
  }));
  const manifest = {
    format: "technician-toolbox-records",
    version: 1,
    createdAt: new Date(Date.UTC(2025, 2, 13)).toISOString(),
    records: manifestRecords,
    files: listed,
  };
  await writeFile(path, zipSync({ "manifest.json": strToU8(JSON.stringify(manifest)), ...files }));
}

export async function restore(page: Page, file: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Restore from backup" }).click();
  await (await chooser).setFiles(file);
}

/** Opens /records in `page` and restores these records into it. */
export async function restoreRecords(page: Page, path: string, records: readonly MadeRecord[]) {
  await writeBackup(path, records);
  await page.goto("/records");
  await restore(page, path);
  const count = `${records.length} record${records.length === 1 ? "" : "s"}`;
  await expect(page.getByText(`Restored ${count} from the backup.`)).toBeVisible();
}
