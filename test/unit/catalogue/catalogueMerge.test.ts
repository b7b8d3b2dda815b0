import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { catalogueTexts } from "~/lib/catalogue/catalogueTexts";
import { mergeChecks } from "~/lib/merger/mergeChecks";
import { notInCatalogueNamed } from "~/lib/merger/catalogueMatch";
import type { CatalogueFile } from "~/lib/merger/catalogueFile";
import { createMergeSession } from "~/lib/merger/mergeSession";
import type { ListedFile } from "~/lib/merger/listedFile";

const site = ["standard/PAR_basis.txt", "standard/PAR_alarms.txt", "KUNDESPEC/kunde_1042.txt"];
const files: ListedFile[] = site.map((path, index) => ({ id: `f${index}`, path, setOverride: null }));
const bufferOf = (bytes: Uint8Array) => Uint8Array.from(bytes).buffer as ArrayBuffer;
const fileBytes = (path: string) => bufferOf(readFileSync(`test/fixtures/site-1042/${path}`));

function catalogueFile(bytes: Uint8Array, fileName = "DX-200_catalogue.csv"): CatalogueFile {
  return { fileName, sha256: "a".repeat(64), bytes: bufferOf(bytes) };
}
const sample = () => catalogueFile(readFileSync("test/fixtures/catalogue/DX-200_catalogue.csv"));
const request = { filter: "all", query: "", problemPage: 1 } as const;

function siteSession() {
  const session = createMergeSession();
  session.read(site.map((path, index) => ({ id: `f${index}`, bytes: fileBytes(path) })));
  return session;
}

describe("a merge checked against the parameter catalogue", () => {
  it("names and units each code, and leaves PAR.txt's bytes as they are", () => {
    const session = siteSession();
    const without = session.parFile(files, "crlf").bytes;
    expect(session.setCatalogue(sample())).toMatchObject({ kind: "loaded", facts: { rowCount: 8 }, badRowCount: 0 });
    const preview = session.preview(files, request);
    expect(preview.table.catalogueLoaded).toBe(true);
    expect(preview.table.rows.find((row) => row.code === "P0002")).toMatchObject({ name: "Dosing rate", unit: "l/h" });
    expect(session.parFile(files, "crlf").bytes).toEqual(without);
  });

  it("makes a value above its maximum and one outside its choices problems, and a code it lacks a note", () => {
    const session = siteSession();
    session.setCatalogue(sample());
    const preview = session.preview(files, request);
    const messages = preview.problems.map((problem) => problem.message);
    expect(messages).toContain("Line 2: P0002 Dosing rate = 3,0 l/h is above its maximum 2,5.");
    expect(messages).toContain(
      "Line 13: P0005 Pump start = PUMP ON is not among its choices AUTO (automatic), MANUAL (by hand).",
    );
    const p0200 = session.preview(files, { ...request, query: "P0200" }).table.rows[0]!;
    expect(p0200.checks).toEqual([
      { kind: "not-in-catalogue", severity: "note", message: "Line 6: P0200 is not in the catalogue." },
    ]);
    expect(mergeChecks["not-in-catalogue"].severity).toBe("note");
  });

  it("gives a new problems key, so a confirmation of the problems before does not hold", () => {
    const session = siteSession();
    const before = session.preview(files, request).problemsKey;
    session.setCatalogue(sample());
    expect(session.preview(files, request).problemsKey).not.toBe(before);
  });

  it("finds a code by its name, filters values that differ from the default, and exports name and unit", () => {
    const session = siteSession();
    session.setCatalogue(sample());
    const byName = session.preview(files, { ...request, query: "dosing" }).table;
    expect(byName.rows.map((row) => row.code)).toEqual(["P0002"]);
    const differs = session.preview(files, { ...request, filter: "differs-from-default" }).table;
    expect(differs.rows.map((row) => row.code)).toEqual(["P0002", "P0005", "P0101", "P0102"]);
    expect(differs.filterCounts["differs-from-default"]).toBe(4);
    const csv = new TextDecoder().decode(session.parameterTableCsv(files, { filter: "all", query: "dosing" }).bytes);
    expect(csv.split("\r\n")[0]).toBe('"code","name","unit","value","set","file","line","old value","checks"');
    expect(csv.split("\r\n")[1]).toMatch(/^"P0002","Dosing rate","l\/h","3,0",/);
  });

  it("reads a Windows-1252 catalogue as parameter files are read", () => {
    const session = siteSession();
    const latin1 = Uint8Array.from(
      [...("code;name;unit\nP0002;Dosierleistung " as string)].map((c) => c.charCodeAt(0)),
    );
    session.setCatalogue(catalogueFile(new Uint8Array([...latin1, 0xe4, 0x0a])));
    const row = session.preview(files, { ...request, query: "P0002" }).table.rows[0]!;
    expect(row.name).toBe("Dosierleistung ä");
  });

  it("keeps the catalogue before when a file without a name column is refused, and forgets it when removed", () => {
    const session = siteSession();
    session.setCatalogue(sample());
    const refused = session.setCatalogue(
      catalogueFile(readFileSync("test/fixtures/catalogue/without-name_catalogue.csv")),
    );
    expect(refused).toEqual({ kind: "refused", missing: ["name"] });
    expect(session.preview(files, { ...request, query: "P0002" }).table.rows[0]!.name).toBe("Dosing rate");
    session.setCatalogue(null);
    const preview = session.preview(files, { ...request, query: "P0002" });
    expect(preview.table.rows[0]!.name).toBeUndefined();
    expect(preview.table.catalogueLoaded).toBe(false);
  });

  it("names the rows left out by line and applies the others", () => {
    const session = siteSession();
    const outcome = session.setCatalogue(catalogueFile(readFileSync("test/fixtures/catalogue/bad-rows_catalogue.csv")));
    expect(outcome).toMatchObject({ kind: "loaded", facts: { rowCount: 2 }, badRowCount: 4 });
    expect(outcome?.kind === "loaded" && outcome.badRows.map((row) => row.lineNumber)).toEqual([4, 5, 6, 7]);
    expect(session.preview(files, { ...request, query: "P0102" }).table.rows[0]!.name).toBe("Chlorine alarm delay");
  });

  it("gives the service record the catalogue's file and SHA-256, and the names of what changed", () => {
    const session = siteSession();
    session.setCatalogue(sample());
    const content = session.recordContent(files);
    expect(content.catalogue).toEqual({ fileName: "DX-200_catalogue.csv", sha256: "a".repeat(64) });
    expect(content.rewritten.find((entry) => entry.code === "P0002")?.name).toBe("Dosing rate");
    expect(content.added.find((entry) => entry.code === "P0200")?.name).toBeUndefined();
  });

  it("names the first codes it lacks one by one and counts the rest in one note", () => {
    const session = createMergeSession();
    const count = notInCatalogueNamed + 5;
    const text = Array.from({ length: count }, (_, index) => `P${index}\n${index}\n`).join("");
    session.read([{ id: "big", bytes: bufferOf(new TextEncoder().encode(text)) }]);
    session.setCatalogue(catalogueFile(new TextEncoder().encode("code;name\nP0;Zero\n")));
    const big: ListedFile[] = [{ id: "big", path: "standard/big.txt", setOverride: null }];
    const preview = session.preview(big, request);
    expect(preview.noteCount).toBe(notInCatalogueNamed + 1);
    const last = session.preview(big, { ...request, query: `P${notInCatalogueNamed + 1}` }).table.rows[0]!;
    expect(last.checks[0]!.message).toBe(
      `Line ${2 * notInCatalogueNamed + 3}: ${catalogueTexts.notInCatalogue(`P${notInCatalogueNamed + 1}`)} ${catalogueTexts.moreNotInCatalogue(3)}`,
    );
  });
});
