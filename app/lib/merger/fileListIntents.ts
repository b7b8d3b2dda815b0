/**
 * What the /files screen can ask its route to do: one name per intent, the form each one sends, and the
 * answer the screen reads back. Components, the route, the handlers and the tests all use these names.
 */
import { z } from "zod";
import { addedFileInfoSchema, type RefusalNotice } from "./incomingFiles";
import { parameterFilters } from "./parameterTable";
import { toastMessages } from "~/lib/shell/toastMessages";

export const fileListIntents = {
  add: "add",
  delete: "delete",
  deleteAll: "delete-all",
  /** Undo of one Delete all (`deletion` says which: its notice's). */
  undoDeleteAll: "undo-delete-all",
  /**
   * Undo of one file's delete (`id` says which file, `deletion` which delete: only the last one deleted can come
   * back).
   */
  undoDelete: "undo-delete",
  move: "move",
  chooseSet: "choose-set",
  exportTable: "export-table",
  download: "download",
  writeCard: "write-card",
  compareCard: "compare-card",
  addShared: "add-shared",
  discardShared: "discard-shared",
  /** The site/unit label, stored with the list as it is typed. */
  label: "label",
  /** Store the files this tab could not store, once more. */
  storeAgain: "store-again",
  /** Close the notice of the files an add left out (`add` says which add's). */
  closeNotAdded: "close-not-added",
  /** Close the notice of files another tab's stored namesakes took the place of (`serial`: the last one shown). */
  closeReplacedHere: "close-replaced-here",
  /** End the note of a card write that did not finish (`unfinishedWrite` says which), by the technician's word. */
  endUnfinishedWrite: "end-unfinished-write",
} as const;

/** The records feature's intents that change the file list (posted to /files). */
export const recordFileIntents = {
  loadRecordFiles: "load-record-files",
  /** Undo of one load (`id`: the files it listed; `deletion`: which load, its notice's). */
  undoLoadRecordFiles: "undo-load-record-files",
} as const;

const fileId = z.string().min(1);
/** Which delete or Delete all an Undo is for (FileActionData.deletion). */
const deletion = z.string().min(1);
/** As long as the input lets it be (200 characters). */
export const serviceLabelMaxLength = 200;
const serviceLabel = z
  .string()
  .catch("")
  .transform((label) => label.slice(0, serviceLabelMaxLength));
const parFileChoices = {
  lineEnding: z.enum(["crlf", "lf"]).catch("crlf"),
  confirmedProblemsKey: z.string().optional(),
  serviceLabel,
};

export const fileListRequestSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal(fileListIntents.add),
    file: z.array(z.instanceof(File)),
    fileInfo: z.array(
      z
        .string()
        .transform((json) => JSON.parse(json) as unknown)
        .pipe(addedFileInfoSchema),
    ),
  }),
  z.object({ intent: z.literal(fileListIntents.delete), id: fileId }),
  z.object({ intent: z.literal(fileListIntents.deleteAll) }),
  z.object({ intent: z.literal(fileListIntents.undoDeleteAll), deletion }),
  z.object({ intent: z.literal(fileListIntents.undoDelete), id: fileId, deletion }),
  z.object({ intent: z.literal(fileListIntents.move), id: fileId, offset: z.enum(["-1", "1"]) }),
  z.object({ intent: z.literal(fileListIntents.chooseSet), id: fileId, set: z.enum(["standard", "customer"]) }),
  z.object({
    intent: z.literal(fileListIntents.exportTable),
    show: z.enum(parameterFilters).catch("all"),
    q: z.string().max(200).catch(""),
  }),
  z.object({ intent: z.literal(fileListIntents.download), ...parFileChoices }),
  z.object({ intent: z.literal(fileListIntents.writeCard), ...parFileChoices }),
  // Without a file: read PAR.txt from the card folder opened in the click handler.
  z.object({ intent: z.literal(fileListIntents.compareCard), cardFile: z.instanceof(File).optional() }),
  z.object({ intent: z.literal(fileListIntents.addShared), share: z.string().min(1) }),
  z.object({ intent: z.literal(fileListIntents.discardShared), share: z.string().min(1) }),
  z.object({ intent: z.literal(fileListIntents.label), label: serviceLabel }),
  z.object({ intent: z.literal(fileListIntents.storeAgain) }),
  z.object({ intent: z.literal(fileListIntents.closeNotAdded), add: z.coerce.number().int() }),
  z.object({ intent: z.literal(fileListIntents.closeReplacedHere), serial: z.coerce.number().int() }),
  z.object({ intent: z.literal(fileListIntents.endUnfinishedWrite), unfinishedWrite: z.string().min(1) }),
  z.object({ intent: z.literal(recordFileIntents.loadRecordFiles), recordId: fileId }),
  // `deletion`: which load the Undo is for (its notice's), as for a Delete all.
  z.object({ intent: z.literal(recordFileIntents.undoLoadRecordFiles), id: z.array(fileId), deletion }),
]);

export type FileListRequest = z.infer<typeof fileListRequestSchema>;

/** Reads a /files form; `waitingFiles` are the picked files the form's batch stands for. */
export function readFileListRequest(formData: FormData, waitingFiles: readonly File[]): FileListRequest {
  const field = (name: string) => formData.get(name) ?? undefined;
  const intent = field("intent");
  return fileListRequestSchema.parse({
    intent,
    // Files a form lists (route tests post them) or the picked ones waiting for this batch.
    file: [...formData.getAll("file"), ...waitingFiles],
    fileInfo: formData.getAll("fileInfo"),
    id: intent === recordFileIntents.undoLoadRecordFiles ? formData.getAll("id") : field("id"),
    deletion: field("deletion"),
    set: field("set"),
    offset: field("offset"),
    lineEnding: field("lineEnding"),
    confirmedProblemsKey: field("confirmedProblemsKey"),
    // A route test posts the card's file in the form; the screen holds it beside the form, as the batch's one file.
    cardFile: field("cardFile") ?? (intent === fileListIntents.compareCard ? waitingFiles[0] : undefined),
    serviceLabel: field("serviceLabel") ?? "",
    label: field("label") ?? "",
    recordId: field("recordId"),
    show: field("show"),
    q: field("q"),
    share: field("share"),
    add: field("add"),
    serial: field("serial"),
    unfinishedWrite: field("unfinishedWrite"),
  });
}

/**
 * Intents whose second run is not the first one again: a second write makes the new PAR.txt the card's "previous"
 * one, a second Delete all leaves Undo nothing, a second download or export saves a second file, and so on. A second
 * tap on their buttons is answered, not run (secondTap.ts). Adding, deleting one file, moving one and setting a set
 * or the label may be repeated at once.
 */
const oneTimeIntents: ReadonlySet<FileListRequest["intent"]> = new Set([
  fileListIntents.download,
  fileListIntents.writeCard,
  fileListIntents.deleteAll,
  fileListIntents.undoDeleteAll,
  fileListIntents.undoDelete,
  fileListIntents.exportTable,
  fileListIntents.storeAgain,
  fileListIntents.addShared,
  fileListIntents.discardShared,
  recordFileIntents.loadRecordFiles,
  recordFileIntents.undoLoadRecordFiles,
]);

/** The one-time action a /files request starts, the same for the same request; null when it may be repeated. */
export function oneTimeFileListAction(request: FileListRequest): string | null {
  return oneTimeIntents.has(request.intent) ? `/files ${JSON.stringify(request)}` : null;
}

/** What the files action answers besides its toast. */
export interface FileActionData {
  refusals?: RefusalNotice[];
  /** Files added, but not as the technician may think (beside a listed file of their name): said as a warning. */
  cautions?: RefusalNotice[];
  /** Set after Delete all: the screen offers Undo. */
  deletedAll?: true;
  /** Set after one file's delete that can be undone: the screen offers Undo. */
  deleted?: { id: string; path: string };
  /**
   * Which delete, Delete all or load of a record's files this answer's Undo is for: the Undo sends it, so an older notice's Undo never
   * brings back what a later delete took (nor does nothing without a word).
   */
  deletion?: string;
  /** Set after "Load these files again": the screen offers Undo (remove these ids, bring the list before back). */
  loadedRecord?: { ids: string[]; gonePaths: string[] };
}

/**
 * The answer to one file's delete, which always says what happened (J5): with its bytes at hand, `{path} deleted.`
 * with Undo. A file whose contents went with the browser's storage (only the merge had them) cannot come back: the
 * notice says so, without Undo. A file whose stored bytes could not be read is said deleted, with why there is no
 * Undo (storage may still hold them: nothing is said of whether a reload brings it back).
 */
export function deletedOneAnswer(
  file: { id: string; path: string },
  undo: "offered" | "contentsGone" | "bytesNotRead",
): FileActionData {
  if (undo === "offered") return { deleted: { id: file.id, path: file.path } };
  const description =
    undo === "contentsGone" ? toastMessages.deletedOneCannotComeBack(file.path) : toastMessages.deletedOneBytesNotRead;
  return { cautions: [{ message: toastMessages.deletedOne(file.path), description }] };
}

export function isFileActionData(answer: unknown): answer is FileActionData {
  return (
    typeof answer === "object" &&
    answer !== null &&
    ("refusals" in answer ||
      "cautions" in answer ||
      "deletedAll" in answer ||
      "deleted" in answer ||
      "loadedRecord" in answer)
  );
}

/**
 * A download, an export or closing the notice of files not added (or replaced here) changes no file: the preview
 * on screen stays as it is (the notice hides itself).
 */
export function changesNoFile(intent: unknown): boolean {
  return (
    intent === fileListIntents.download ||
    intent === fileListIntents.exportTable ||
    intent === fileListIntents.closeNotAdded ||
    intent === fileListIntents.closeReplacedHere
  );
}

/** What the label action answers: whether the label is stored (the screen reads the list again only when not). */
export interface LabelActionData {
  labelStored: boolean;
  /** The list's version once the label was set: a list loaded before it holds an older label. */
  version: number;
}
