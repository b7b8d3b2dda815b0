/**
 * What the /files screen can ask its route to do: one name per intent, the form each one sends, and the
 * answer the screen reads back. Components, the route, the handlers and the tests all use these names.
 */
import { z } from "zod";
import { addedFileInfoSchema, type RefusalNotice } from "./incomingFiles";
import { parameterFilters } from "./parameterTable";

export const fileListIntents = {
  add: "add",
  delete: "delete",
  /** `version`: the list it was shown from; a second tap finds the list changed and deletes nothing more. */
  deleteAll: "delete-all",
  /** Undo of the latest change (`version`: the list it was shown from). */
  undo: "undo",
  move: "move",
  chooseSet: "choose-set",
  exportTable: "export-table",
  download: "download",
  writeCard: "write-card",
  compareCard: "compare-card",
  addShared: "add-shared",
  discardShared: "discard-shared",
  /** The site/unit label, part of the list's version, stored as it is typed. */
  label: "label",
  /** "Edit here": this tab takes editing of the list over from another. */
  takeOver: "take-over",
  /** Close the notice of the files an add left out (`add` says which add's). */
  closeNotAdded: "close-not-added",
  /** End the note of a card write that did not finish (`unfinishedWrite` says which), by the technician's word. */
  endUnfinishedWrite: "end-unfinished-write",
} as const;

/** The records feature's intent that changes the file list (posted to /files). */
export const recordFileIntents = {
  loadRecordFiles: "load-record-files",
} as const;

const fileId = z.string().min(1);
const version = z.coerce.number().int();
/** How many characters of the site/unit label the list and the record keep. */
export const serviceLabelMaxLength = 200;
/** The label as kept: its first characters (whole characters, so an emoji is never cut in two). */
export const keptLabel = (label: string) => Array.from(label).slice(0, serviceLabelMaxLength).join("");
/** How many characters of a label entered are past what is kept. */
export const labelLeftOut = (label: string) => Math.max(0, Array.from(label).length - serviceLabelMaxLength);
const serviceLabel = z.string().catch("").transform(keptLabel);
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
    /** Files opened with the installed app: this tab takes editing over. */
    takeOver: z.literal("1").optional(),
  }),
  z.object({ intent: z.literal(fileListIntents.delete), id: fileId }),
  z.object({ intent: z.literal(fileListIntents.deleteAll), version }),
  z.object({ intent: z.literal(fileListIntents.undo), version }),
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
  z.object({ intent: z.literal(fileListIntents.takeOver) }),
  z.object({ intent: z.literal(fileListIntents.closeNotAdded), add: z.coerce.number().int() }),
  z.object({ intent: z.literal(fileListIntents.endUnfinishedWrite), unfinishedWrite: z.string().min(1) }),
  z.object({ intent: z.literal(recordFileIntents.loadRecordFiles), recordId: fileId }),
]);

export type FileListRequest = z.infer<typeof fileListRequestSchema>;

/** Reads a /files form; the files of its batch (held beside it) are the action's to take. */
export function readFileListRequest(formData: FormData): FileListRequest {
  const field = (name: string) => formData.get(name) ?? undefined;
  const intent = field("intent");
  return fileListRequestSchema.parse({
    intent,
    // Files a form lists (route tests post them); the picked ones wait beside the form.
    file: formData.getAll("file"),
    fileInfo: formData.getAll("fileInfo"),
    id: field("id"),
    version: field("version"),
    takeOver: field("takeOver"),
    set: field("set"),
    offset: field("offset"),
    lineEnding: field("lineEnding"),
    confirmedProblemsKey: field("confirmedProblemsKey"),
    // A route test posts the card's file in the form; the screen holds it beside the form, as the batch's one file.
    cardFile: field("cardFile"),
    serviceLabel: field("serviceLabel") ?? "",
    label: field("label") ?? "",
    recordId: field("recordId"),
    show: field("show"),
    q: field("q"),
    share: field("share"),
    add: field("add"),
    unfinishedWrite: field("unfinishedWrite"),
  });
}

/** What the files action answers besides its toast. */
export interface FileActionData {
  refusals?: RefusalNotice[];
  /** Files added, but not as the technician may think (beside a listed file of their name): said as a warning. */
  cautions?: RefusalNotice[];
}
