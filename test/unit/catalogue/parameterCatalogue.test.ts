import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { catalogueFindingsOf, differsFromDefault, namedCode } from "~/lib/catalogue/catalogueValues";
import { catalogueTexts } from "~/lib/catalogue/catalogueTexts";
import { readCatalogue, type CatalogueEntry, type CatalogueReading } from "~/lib/catalogue/parameterCatalogue";

const fixture = (name: string) => readFileSync(`test/fixtures/catalogue/${name}`, "utf8");

function read(text: string) {
  const reading: CatalogueReading = readCatalogue(text);
  if (reading.kind !== "read") throw new Error(`refused: ${reading.missing.join(", ")}`);
  return reading;
}

const entryOf = (text: string, code: string) => {
  const { catalogue } = read(text);
  return catalogue.entries[catalogue.indexOfCode.get(code)!]!;
};

describe("reading a parameter catalogue", () => {
  it("reads every column of the sample catalogue: ; as separator, decimal commas, choices", () => {
    const { catalogue, badRows } = read(fixture("DX-200_catalogue.csv"));
    expect(badRows).toEqual([]);
    expect(catalogue.entries.map((entry) => entry.code)).toEqual([
      "P0001",
      "P0002",
      "P0003",
      "P0004",
      "P0005",
      "P0100",
      "P0101",
      "P0102",
    ]);
    expect(entryOf(fixture("DX-200_catalogue.csv"), "P0002")).toEqual({
      code: "P0002",
      name: "Dosing rate",
      unit: "l/h",
      min: { value: 0.5, text: "0,5" },
      max: { value: 2.5, text: "2,5" },
      default: "2,5",
      choices: null,
    });
    expect(entryOf(fixture("DX-200_catalogue.csv"), "P0001").choices).toEqual([
      { value: "0", label: "off" },
      { value: "1", label: "on" },
      { value: "2", label: "auto" },
    ]);
  });

  it("finds the columns by name in any case and order, with , or tab as separator", () => {
    for (const separator of [",", "\t"]) {
      const text = ["UNIT", "Max", "Code", "nAmE"].join(separator) + "\n" + ["s", "600", "P7", "Delay"].join(separator);
      expect(read(text).catalogue.entries).toEqual([
        {
          code: "P7",
          name: "Delay",
          unit: "s",
          min: null,
          max: { value: 600, text: "600" },
          default: null,
          choices: null,
        },
      ]);
    }
  });

  it("names each row that cannot be used by its line and applies the others", () => {
    const { catalogue, badRows } = read(fixture("bad-rows_catalogue.csv"));
    expect(catalogue.entries.map((entry) => entry.code)).toEqual(["P0002", "P0102"]);
    expect(badRows).toEqual([
      { lineNumber: 4, message: catalogueTexts.badRow(4, catalogueTexts.noCode) },
      { lineNumber: 5, message: catalogueTexts.badRow(5, catalogueTexts.duplicateCode("P0002", 2)) },
      { lineNumber: 6, message: catalogueTexts.badRow(6, catalogueTexts.notANumber("min", "six")) },
      { lineNumber: 7, message: catalogueTexts.badRow(7, catalogueTexts.minAboveMax("7.5", "5.0")) },
    ]);
  });

  it("counts lines as an editor does: blank lines and a quoted line break inside a field", () => {
    const text = 'code;name\r\n\r\nP1;"two\nlines"\r\n;no code\r\n';
    expect(read(text).badRows.map((row) => row.lineNumber)).toEqual([5]);
  });

  it("refuses a file without a code or name column, naming the one missing", () => {
    expect(readCatalogue(fixture("without-name_catalogue.csv"))).toEqual({ kind: "refused", missing: ["name"] });
    expect(readCatalogue("name;unit\nDosing rate;l/h\n")).toEqual({ kind: "refused", missing: ["code"] });
    expect(readCatalogue("")).toEqual({ kind: "refused", missing: ["code", "name"] });
  });
});

describe("checking a value against the catalogue", () => {
  const dosing: CatalogueEntry = entryOf("code;name;unit;min;max\nP002;Dosing rate;l/h;10;250\n", "P002");
  const mode = entryOf("code;name;choices\nP7;Mode;0=off|1=on|2=auto\n", "P7");

  it("names the code, its name, the value and the limit", () => {
    expect(catalogueFindingsOf("P002", "300", dosing)).toEqual([
      { kind: "outside-limits", message: "P002 Dosing rate = 300 l/h is above its maximum 250." },
    ]);
    expect(catalogueFindingsOf("P002", "9,5", dosing)).toEqual([
      { kind: "outside-limits", message: "P002 Dosing rate = 9,5 l/h is below its minimum 10." },
    ]);
    expect(catalogueFindingsOf("P002", "fast", dosing)).toEqual([
      { kind: "outside-limits", message: "P002 Dosing rate = fast is not a number, and its limits are 10 to 250." },
    ]);
    expect(catalogueFindingsOf("P7", "3", mode)).toEqual([
      { kind: "not-among-choices", message: "P7 Mode = 3 is not among its choices 0 (off), 1 (on), 2 (auto)." },
    ]);
  });

  it("compares as numbers, with either decimal mark: a value within the limits is never outside", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 25000 }), fc.constantFrom(".", ","), (hundredths, mark) => {
        const value = (hundredths / 100).toFixed(2).replace(".", mark);
        expect(catalogueFindingsOf("P002", value, dosing)).toEqual([]);
      }),
    );
    expect(catalogueFindingsOf("P7", "1.0", mode)).toEqual([]);
  });

  it("tells a value that differs from its default, as numbers where both are", () => {
    const entry = entryOf("code;name;default\nP1;Alarm;7,20\n", "P1");
    expect(differsFromDefault("7.2", entry)).toBe(false);
    expect(differsFromDefault("7,3", entry)).toBe(true);
    expect(differsFromDefault("5", dosing)).toBe(false);
  });

  it("names a code with its name and unit as the preview shows it", () => {
    expect(namedCode("P002", dosing)).toBe("P002 · Dosing rate · l/h");
    expect(namedCode("P002", undefined)).toBe("P002");
  });
});
