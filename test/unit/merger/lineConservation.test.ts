// Every line has one meaning (docs/behaviour.md#every-line-has-one-meaning): sets built from hostile pieces, and for every line
// of every file, it is in PAR.txt verbatim, in a code's history, or named by file and line in a problem.
import fc from "fast-check";
import { describe, it } from "vitest";
import { readParameterFile, valueLineNumberOf } from "~/lib/merger/parameterFile";
import { mergeParameterFiles, parFileBytesOf, type MergeInputFile } from "~/lib/merger/parameterMerge";

// The hostile characters, spelled out here and not taken from the classifier: the test states the rule itself.
const separators = ["=", ";", ":", ",", "*", '"', "\uff1d", "\uff1b"];
const spaces = [" ", "\t", "\u00a0", "\u2003", "\u2009", "\u202f", "\u3000", "\u1680", "\v", "\f"];
const invisibles = [
  "\u200b",
  "\u200c",
  "\u200d",
  "\u2060",
  "\u00ad",
  "\ufeff",
  "\u200e",
  "\u200f",
  "\u202a",
  "\u202e",
  "\u2066",
  "\u2069",
  "\u061c",
  "\u180e",
  "\u034f",
  "\ufe0f",
  "\u3164",
  "\u2800",
  "\u0007",
  "\u0085",
];
const unreadable = ["\u0000", "\ufffd"];
// A byte that is not UTF-8, written into UTF-8 files where this stands.
const strayByte = "\ue000";

// Codes of several patterns: a value line that is a code of the set, whatever its pattern, is named (near-miss inputs).
const codes = ["P001", "P002", "P003", "P0001", "P0002", "P0003", "P1", "P12A", "P1.2", "P-01", "P012A", "PABC"];
const code = fc.constantFrom(...codes);
const anyOf = (characters: string[]) => fc.constantFrom(...characters);

/** A code broken by one character: inside it, before it, or before a value or a comment after it. */
const brokenCode = fc
  .tuple(
    code,
    anyOf([...separators, ...spaces, ...invisibles, ...unreadable]),
    fc.nat(),
    fc.constantFrom("", "5", " * pump", "=6"),
  )
  .map(([code, character, at, tail]) => {
    const position = at % (code.length + 1);
    return `${code.slice(0, position)}${character}${code.slice(position)}${tail}`;
  });
const lookAlikeCode = code.chain((code) => fc.constantFrom(`p${code.slice(1)}`, `\u0420${code.slice(1)}`));
const paddedCode = fc.tuple(code, anyOf(spaces)).map(([code, space]) => `${code}${space}`);
const value = fc.oneof(
  fc.constantFrom("1", "1,5", '"A";B', "PUMP ON", "Pumpe æøå", "  padded  ", "Pa12", "x\u00a0y", "a\u200bb"),
  // In Windows-1252, ß“ is DF 93, a valid UTF-8 pair; Hebrew in UTF-8 is pairs of the kind Windows-1252 makes by accident.
  fc.constantFrom("„heiß“", "\u05e9\u05dc\u05d5\u05dd"),
  code,
  code.map((code) => `${code}=6`),
  anyOf(unreadable).map((character) => `K${character}lte`),
  fc.constant(`K${strayByte}lte`),
);
const blank = fc.constantFrom("", "   ", "\t", "\u00a0", "\u3000 ", "\ufeff", "\u2028", "\u1680", " \u1680\u2003");
// Lines that look blank and are not: String.prototype.trim leaves these.
const invisibleOnly = anyOf(invisibles.filter((character) => character !== "\ufeff"));
const comment = fc.constantFrom("* note", "*P001", "* P0002 = 5", "  * indented note", "\t* P0002 = 5");
const lineContent = fc.oneof(
  { weight: 4, arbitrary: code },
  { weight: 4, arbitrary: value },
  { weight: 2, arbitrary: brokenCode },
  { weight: 1, arbitrary: lookAlikeCode },
  { weight: 1, arbitrary: paddedCode },
  { weight: 2, arbitrary: blank },
  { weight: 1, arbitrary: invisibleOnly },
  { weight: 1, arbitrary: comment },
);
const line = fc
  .tuple(fc.boolean(), lineContent, fc.constantFrom("\r\n", "\n", "\r"))
  .map(([byteOrderMark, content, ending]) => ({ content: byteOrderMark ? `\ufeff${content}` : content, ending }));

type Encoding = "utf-8" | "utf-8 with mark" | "windows-1252" | "utf-16le" | "utf-16be" | "utf-16le with mark";
const encodings: Encoding[] = [
  "utf-8",
  "utf-8 with mark",
  "windows-1252",
  "utf-16le",
  "utf-16be",
  "utf-16le with mark",
];
/** Characters a Windows-1252 file here holds: ASCII (no NUL), the Norwegian letters, ß and German quotation marks. */
const isWindows1252 = (character: string) => {
  const unit = character.charCodeAt(0);
  return (unit > 0 && unit < 0x80) || "æøåÆØÅß„“".includes(character);
};
/** Code units that are all below 0x100 but not NUL: in UTF-16 each has a NUL high byte, and no NUL low byte. */
const hasNulHighBytesOnly = (text: string) =>
  text.length > 0 && [...text].every((character) => character.charCodeAt(0) > 0 && character.charCodeAt(0) < 0x100);

interface GeneratedFile {
  customer: boolean;
  encoding: Encoding;
  lines: { content: string; ending: string }[];
  lastEnding: boolean;
}
const file: fc.Arbitrary<GeneratedFile> = fc.record({
  customer: fc.boolean(),
  encoding: fc.constantFrom(...encodings),
  lines: fc.array(line, { minLength: 1, maxLength: 12 }),
  lastEnding: fc.boolean(),
});
const set = fc.array(file, { minLength: 1, maxLength: 3 });

/** The file's text, and its bytes in the encoding (a stray byte only in plain UTF-8; Windows-1252 takes what it can hold). */
function bytesOf(generated: GeneratedFile) {
  const { encoding } = generated;
  let text = generated.lines.map(({ content, ending }) => content + ending).join("");
  if (!generated.lastEnding) text = text.replace(/(\r\n|\r|\n)$/, "");
  if (encoding !== "utf-8") text = text.replaceAll(strayByte, "æ");
  if (encoding === "windows-1252") {
    text = [...text].map((character) => (isWindows1252(character) ? character : "x")).join("");
    const beyondLatin1: Record<string, number> = { "„": 0x84, "“": 0x93 };
    const bytes = Uint8Array.from([...text].map((character) => beyondLatin1[character] ?? character.charCodeAt(0)));
    // What the file holds as the engine's Windows-1252 reads it (Node's reads 80 to 9F as controls, a browser's as „ “).
    return { text: new TextDecoder("windows-1252").decode(bytes), bytes };
  }
  if (encoding.startsWith("utf-16")) {
    const units = [...(encoding.endsWith("with mark") ? "\ufeff" : ""), ...text].flatMap((character) =>
      [...Array(character.length).keys()].map((index) => character.charCodeAt(index)),
    );
    const little = encoding.startsWith("utf-16le");
    return {
      text,
      bytes: Uint8Array.from(units.flatMap((unit) => (little ? [unit & 0xff, unit >> 8] : [unit >> 8, unit & 0xff]))),
    };
  }
  const parts = text.split(strayByte).map((part) => new TextEncoder().encode(part));
  const body = parts.flatMap((part, index) => (index === 0 ? [...part] : [0xe6, ...part]));
  return { text, bytes: Uint8Array.from(encoding === "utf-8 with mark" ? [0xef, 0xbb, 0xbf, ...body] : body) };
}

/** What decoding must give: the text, but for a leading byte order mark taken as the file's, and stray bytes. */
function expectedTextOf(encoding: Encoding, text: string): string | null {
  const withMark = encoding.endsWith("with mark");
  const read = withMark ? text : text.replace(/^\ufeff/, "");
  if (!read.includes(strayByte)) {
    // UTF-16 without a mark is told by its NUL bytes: certain only when every character's high byte is NUL.
    if (encoding === "utf-16le" || encoding === "utf-16be") return hasNulHighBytesOnly(read) ? read : null;
    return read;
  }
  // A stray byte: mixed (U+FFFD) when the file has UTF-8 text besides, or more letters of U+0530 to U+07FF (two
  // bytes each, which Windows-1252 text holds by accident) than stray bytes; else Windows-1252.
  const others = [...read].filter((character) => character.charCodeAt(0) >= 0x80 && character !== strayByte);
  const accidental = others.filter((character) => character >= "\u0530" && character <= "\u07ff").length;
  const strays = read.split(strayByte).length - 1;
  const mixed = others.length > accidental || accidental > strays;
  if (mixed) return read.replaceAll(strayByte, "\ufffd");
  const bytes = new TextEncoder().encode(read.replaceAll(strayByte, "\u0001"));
  return new TextDecoder("windows-1252").decode(bytes).replaceAll("\u0001", "æ");
}

/** The rule for a code, stated here: P first, no separator, invisible or unreadable character, whitespace only at the end. */
function isCleanCode(code: string): boolean {
  if (!code.startsWith("P")) return false;
  if ([...separators, ...invisibles, ...unreadable].some((character) => code.includes(character))) return false;
  return !/[\s\u1680][^\s]/u.test(code);
}

const utf8 = new TextDecoder();

/** What breaks the rule in one generated set, in words; empty when every line ended up in one place. */
function brokenRulesOf(generated: GeneratedFile[]): string[] {
  const broken: string[] = [];
  const inputs = generated.map((file, index) => ({
    generated: file,
    path: file.customer ? `KUNDESPEC/f${index}.txt` : `standard/f${index}.txt`,
    ...bytesOf(file),
  }));
  const mergeInputs: MergeInputFile[] = inputs.map(({ path, bytes, generated }) => ({
    id: path,
    path,
    set: generated.customer ? "customer" : "standard",
    parsed: readParameterFile(bytes),
  }));
  const result = mergeParameterFiles(mergeInputs);
  const par = utf8.decode(parFileBytesOf(result, "crlf"));
  if (par.includes("\u0000")) broken.push("PAR.txt holds a NUL");
  if (par.includes("\ufffd")) broken.push("PAR.txt holds U+FFFD");
  if (
    generated.every((file) => file.customer) &&
    !result.problems.some((problem) => problem.kind === "no-standard-file")
  ) {
    broken.push("customer files alone are no problem");
  }

  // Settings used in PAR.txt; every other setting is in a history.
  const used = new Set(result.usedSetting);
  // Codes as they stand in code position in any file of the merge.
  const codesOfTheSet = new Set(
    result.files.flatMap(({ parsed }) =>
      [...parsed.codeStart].map((start, entry) => parsed.text.slice(start, parsed.codeEnd[entry]!)),
    ),
  );
  inputs.forEach(({ path, text, generated }, fileIndex) => {
    // As merged: a file with a value line that is a code of the set is paired again from it.
    const { parsed } = result.files.find((merged) => merged.id === mergeInputs[fileIndex]!.id)!;
    const expected = expectedTextOf(generated.encoding, text);
    if (expected !== null && parsed.text !== expected) {
      broken.push(`${path} is read as ${JSON.stringify(parsed.text)}, not ${JSON.stringify(expected)}`);
    }
    const problems = result.problems.filter((problem) => problem.path === path);
    const named = new Set(problems.flatMap((problem) => [problem.lineNumber, problem.pairedLineNumber]));
    const noted = new Set(result.notes.filter((note) => note.path === path).map((note) => note.lineNumber));
    // Each line of an entry, with what the entry holds there: a code or a value, in PAR.txt or a history.
    const entryLines = new Map<number, string>();
    const firstSetting = result.firstSettingOfFile[result.files.findIndex((merged) => merged.path === path)]!;
    for (let entry = 0; entry < parsed.entryCount; entry++) {
      const code = parsed.text.slice(parsed.codeStart[entry]!, parsed.codeEnd[entry]!);
      const value = parsed.text.slice(parsed.valueStart[entry]!, parsed.valueEnd[entry]!);
      const codeLine = parsed.lineNumber[entry]!;
      entryLines.set(codeLine, code);
      entryLines.set(valueLineNumberOf(parsed, entry), value);
      if (!used.has(firstSetting + entry)) continue;
      if (!isCleanCode(code)) broken.push(`PAR.txt holds the code ${JSON.stringify(code)} (${path} line ${codeLine})`);
      if (/^P\d+$/.test(code) && /^P\d+$/.test(value) && !named.has(codeLine)) {
        broken.push(`${code} goes in with the value ${value} without a word (${path} line ${codeLine})`);
      }
      if (isCleanCode(value) && codesOfTheSet.has(value.trimEnd()) && !named.has(codeLine)) {
        broken.push(
          `${code} goes in with the value ${value}, a code of the set, without a word (${path} line ${codeLine})`,
        );
      }
      if (/^[\s\u1680]+\*/u.test(value) && !named.has(codeLine)) {
        broken.push(
          `${code} goes in with the comment-like value ${JSON.stringify(value)} without a word (${path} line ${codeLine})`,
        );
      }
    }
    parsed.text.split(/\r\n|\r|\n/).forEach((content, index) => {
      const lineNumber = index + 1;
      const read = content.replace(/^\ufeff+/, "");
      const where = `${path} line ${lineNumber} ${JSON.stringify(content)}`;
      if (lineNumber > 1 && read !== content && !noted.has(lineNumber))
        broken.push(`${where}: its byte order mark is dropped without a note`);
      if (read.trim() === "" || read.startsWith("*")) return;
      const inEntry = entryLines.get(lineNumber);
      if (inEntry === undefined && !named.has(lineNumber))
        broken.push(`${where} is neither in PAR.txt, nor in a history, nor named in a problem`);
      if (inEntry !== undefined && inEntry !== read)
        broken.push(`${where} is not verbatim: ${JSON.stringify(inEntry)}`);
    });
  });
  return broken;
}

describe("every line of every file ends up in one place", () => {
  it(
    "in PAR.txt verbatim, in a history, or named by file and line in a problem (10,000 hostile sets)",
    { timeout: 60_000 },
    () => {
      fc.assert(
        fc.property(set, (generated) => {
          // Plain checks, and one assertion per set: an expect per line would cost more than the merge.
          const broken = brokenRulesOf(generated);
          if (broken.length > 0) throw new Error(broken.join("\n"));
        }),
        { numRuns: 10_000 },
      );
    },
  );
});
