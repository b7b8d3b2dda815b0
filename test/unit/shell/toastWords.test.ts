// The rule of docs/behaviour.md#messages: a toast is read in its 5 seconds, so it carries at most 20 words. Every
// text of the toast modules is rendered with realistic long arguments (chosen by each parameter's name) and its
// words counted: a toast added to these modules is checked without a change here.
import { describe, expect, it } from "vitest";
import { cardTexts } from "~/lib/card/cardTexts";
import { downloadBlocker } from "~/lib/merger/downloadGate";
import { setSizeRefusal, unknownDeviceSetLimit } from "~/lib/merger/deviceLimit";
import { refusalNotices, summarizePaths } from "~/lib/merger/incomingFiles";
import { backupProblems } from "~/lib/records/recordsBackup";
import { toastMostWords, wordCount } from "~/lib/shell/noticeText";
import { namedStorageErrors, storageClearedReason, storageFailureReason } from "~/lib/shell/storageFailure";
import { fileListTexts } from "~/lib/merger/fileListTexts";
import { toastMessages } from "~/lib/shell/toastMessages";

/** A path as a technician's folders give it: long, several folders deep. */
const path = "KUNDESPEC/Fjordview_Halle_B/Anlage_12_Dosierung/PAR_kunde_dosierung_2025-11_final.txt";
const paths = summarizePaths(Array.from({ length: 7 }, (_, index) => path.replace("final", `v${index + 1}`)));
const longest = (texts: readonly string[]) => texts.reduce((a, b) => (wordCount(b) > wordCount(a) ? b : a));

/** Each reason the app hands a toast, at its longest. */
const storageFailure = longest([
  ...namedStorageErrors.map((name) => storageFailureReason(new DOMException("", name))),
  storageFailureReason(null),
  storageClearedReason,
]);
const blocker = longest(
  [
    { fileCount: 0, parameterCount: 0, problemCount: 0 },
    { fileCount: 3, parameterCount: 0, problemCount: 0 },
    { fileCount: 3, parameterCount: 9, problemCount: 1_234 },
    { fileCount: 3, parameterCount: 9, problemCount: 0, filesBeingRead: true },
  ].map((gate) => downloadBlocker({ problemsKey: "a", confirmedProblemsKey: null, ...gate }) ?? ""),
);
const backupProblem = longest(
  Object.values(backupProblems).map((problem) =>
    typeof problem === "string" ? problem : (problem as (...args: unknown[]) => string)(999_999_999, 256_000_000, ""),
  ),
);
const refusals = cardTexts.writeBackRefusals;
const writeBackRefusal = longest(
  [
    refusals.noParFile,
    refusals.folderNamedPar("par.TXT"),
    refusals.sameFile(123_456),
    refusals.previousMayBeLeftOver({ time: "25 Nov 2026, 13:38:02", label: "Fjordview pool" }),
    refusals.previousNotWhole,
    refusals.alreadyOnCard(123_456),
    refusals.otherParFile({ sha256: "b".repeat(64), size: 9 }, "a".repeat(64), null, true),
    refusals.cardNotRead(cardTexts.causes["write-protected"]),
  ].map(({ verdict }) => verdict),
);

/** A realistic long value for a toast's parameter, by its name; any other name gets a long sentence. */
function realisticArgument(name: string): unknown {
  if (/count$/i.test(name)) return 123_456;
  if (/path$/i.test(name) || /^(typedAs|addedAs)$/.test(name)) return path;
  if (name === "paths") return paths;
  if (name === "files") return Array.from({ length: 7 }, () => ({ path, listedPath: path }));
  if (name === "made") return { kind: "delete", path };
  if (name === "problem") return backupProblem;
  if (name === "blocker") return blocker;
  if (name === "refusal") return writeBackRefusal;
  if (name === "leftOut") return Array.from({ length: 3 }, () => "100 rows of the record of 12 Mar 2025, 14:03:07");
  if (name === "counts") return { parameterCount: 123_456, rewrittenCount: 12_345, addedCount: 1_234 };
  if (name === "undoOffered") return true;
  if (name === "reason") return storageFailure;
  return "the browser did something that takes a good many words to say";
}

/** A function's parameter names as its source gives them (`(reason) =>`, `(a, b = 0) =>`). */
function parameterNames(text: (...args: never[]) => string): string[] {
  const source = String(text);
  const list = source.startsWith("(") ? source.slice(1, source.indexOf(")")) : source.slice(0, source.indexOf("=>"));
  return list
    .split(",")
    .map((parameter) => parameter.split("=")[0]!.trim())
    .filter((name) => name !== "");
}

function textOf(text: string | ((...args: never[]) => string)): string {
  if (typeof text === "string") return text;
  return (text as (...args: unknown[]) => string)(...parameterNames(text).map(realisticArgument));
}

/** The file list's texts that travel as toasts. */
const fileListToasts = {
  readOnly: fileListTexts.readOnly,
  stale: fileListTexts.stale,
  undone: fileListTexts.undone,
  notAddedReadOnly: fileListTexts.notAddedReadOnly,
};

/** Every text the toast modules hold, by name. */
const toastTexts = Object.entries({ ...toastMessages, ...fileListToasts }).map(
  ([name, text]) => [name, textOf(text)] as const,
);

describe("every toast", () => {
  it.each(toastTexts)(`%s says its verdict in at most ${toastMostWords} words`, (_, text) => {
    expect(text).not.toMatch(/undefined|null|NaN|\[object/);
    expect(wordCount(text), text).toBeLessThanOrEqual(toastMostWords);
  });
});

/** Paths of every reason an add refuses, as many and as long as a technician's folders give them. */
const refusedPaths = Array.from({ length: 7 }, (_, index) => ({ path: path.replace("final", `v${index + 1}`) }));
/** Names with spaces: every word of them counts. */
const wordyName = (n: number) => `Fjordview pool two parameter export from the old laptop copy ${n}.png`;
const storageReason = storageFailure;

/** The toasts made of a verdict and a description, built as the actions build them. */
const twoPartToasts: [string, { message: string; description: string }][] = [
  ...refusalNotices(
    {
      wrongFormat: refusedPaths,
      alreadyImported: refusedPaths.map((file) => ({ path: `${file.path}.again` })),
      alreadyImportedWithOtherContent: refusedPaths.map((file) => ({ path: `${file.path}.edited` })),
      namesakesWithOtherContent: refusedPaths.map((file) => ({ path: `${file.path}.namesake` })),
    },
    {
      wrongFormat: toastMessages.wrongFileFormat,
      alreadyImported: toastMessages.fileAlreadyImported,
      namesakesWithOtherContent: toastMessages.namesakesWithOtherContent,
    },
  ).map((notice) => [`refused: ${notice.message}`, notice] as [string, typeof notice]),
  ["files not read", { message: toastMessages.filesNotRead, description: `Not added: ${paths}` }],
  ...[1, 2, 3, 7].map((count): [string, { message: string; description: string }] => [
    `${count} names of many words`,
    {
      message: toastMessages.namesakesWithOtherContent,
      description: `Not added: ${summarizePaths(Array.from({ length: count }, (_, index) => wordyName(index)))}`,
    },
  ]),
  [
    "set too big",
    {
      message: toastMessages.setTooBig,
      description: setSizeRefusal(
        { listedBytes: 999_999_999, addedBytes: 999_999_999 },
        unknownDeviceSetLimit,
        undefined,
      )!,
    },
  ],
  ...[1, 7].map((count): [string, { message: string; description: string }] => [
    `added beside ${count}`,
    {
      message: toastMessages.addedBesideNamesake,
      description: toastMessages.addedBesideNamesakeExplained(
        Array.from({ length: count }, () => ({ path, listedPath: path })),
      ),
    },
  ]),
  ...[
    toastMessages.parFileSaved({ parameterCount: 123_456, rewrittenCount: 12_345, addedCount: 1_234 }),
    toastMessages.parFileWritten,
  ].map((message): [string, { message: string; description: string }] => [
    message,
    { message, description: toastMessages.serviceRecordAdded },
  ]),
  ...[toastMessages.parFileSavedOnly, toastMessages.parFileWritten].flatMap((message) =>
    [
      toastMessages.serviceRecordNotSaved(storageReason),
      toastMessages.serviceRecordOnlyThisTab(storageReason),
      toastMessages.serviceRecordWithoutInputFiles(storageReason),
    ].map((description): [string, { message: string; description: string }] => [
      `${message} ${description}`,
      { message, description },
    ]),
  ),
  [
    "previous PAR.txt written back",
    { message: toastMessages.previousParFileWritten(123_456), description: toastMessages.previousParFileReplacedKept },
  ],
];

describe("every toast of a verdict and a description", () => {
  it.each(twoPartToasts)(`%s is read in its 5 seconds: at most ${toastMostWords} words in all`, (_, toast) => {
    const text = `${toast.message} ${toast.description}`;
    expect(text).not.toMatch(/undefined|null|NaN|\[object/);
    expect(wordCount(text), text).toBeLessThanOrEqual(toastMostWords);
  });
});
