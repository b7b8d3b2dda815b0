import { addedBesideListedSentence, notAddedTexts } from "~/lib/shell/toastMessages";
import type { ListedFile } from "./listedFile";
import { setOfFile } from "./parameterSet";

/**
 * The notice above the file list of the files adds left out of PAR.txt (docs/behaviour.md#not-added). It is a
 * statement about the list, not the last add's toasts made sticky: what the adds refused is kept across adds, and
 * each time it is shown every line is checked against the list as it is now, so it names every refused file and
 * only what is still true.
 */

/** Why an add left a file out: the reasons of the refusal notices, and a set too big for the device. */
export type NotAddedReason =
  "wrongFormat" | "alreadyImportedWithOtherContent" | "namesakesWithOtherContent" | "notRead" | "setTooBig";

/** A file an add left out. `listedId`: for an edited file picked again, the listed file PAR.txt uses instead. */
export interface RefusedFile {
  path: string;
  reason: NotAddedReason;
  listedId: string | null;
}

/** A file an add put beside a listed file of its name with other content: both by id, as the list has them. */
export interface AddedBeside {
  id: string;
  listedId: string;
}

/** What this tab keeps of the adds since the notice was last closed; `add` numbers the tab's adds. */
export interface NotAddedKept {
  /** The latest add that changed it: closing the notice as shown then forgets everything up to it. */
  add: number;
  refused: (RefusedFile & { add: number })[];
  beside: (AddedBeside & { add: number })[];
}

/** One add, as the notice takes it: what it refused, the paths it listed, the files it put beside namesakes. */
export interface AddForNotice {
  add: number;
  refused: readonly RefusedFile[];
  listedPaths: readonly string[];
  beside: readonly AddedBeside[];
}

/**
 * The notice after one more add. A file the add listed is no longer "not added" (the technician added the refused
 * file, or one of its path); a file it refused again says this add's reason; the rest stays, since a later add that
 * refuses nothing changes nothing of what the earlier ones left out.
 */
export function keepAfterAdd(kept: NotAddedKept | null, add: AddForNotice): NotAddedKept | null {
  const listedNow = new Set(add.listedPaths);
  const refusedNow = new Set(add.refused.map(({ path }) => path));
  const refused = [
    ...(kept?.refused ?? []).filter(({ path }) => !listedNow.has(path) && !refusedNow.has(path)),
    ...uniqueBy(add.refused, ({ path, reason }) => `${reason}\n${path}`).map((file) => ({ ...file, add: add.add })),
  ];
  const besideNow = new Set(add.beside.map(({ id }) => id));
  const beside = [
    ...(kept?.beside ?? []).filter(({ id }) => !besideNow.has(id)),
    ...add.beside.map((file) => ({ ...file, add: add.add })),
  ];
  return refused.length > 0 || beside.length > 0 ? { add: add.add, refused, beside } : null;
}

/** Closing the notice shown after add `add` forgets what it showed; an add that came since stays said. */
export function closeNotAdded(kept: NotAddedKept | null, add: number): NotAddedKept | null {
  if (!kept) return null;
  const refused = kept.refused.filter((file) => file.add > add);
  const beside = kept.beside.filter((file) => file.add > add);
  return refused.length > 0 || beside.length > 0 ? { ...kept, refused, beside } : null;
}

/** Every path of a reason, whatever their number: the screen folds a long list, it never cuts it. */
export interface NotAddedLine {
  paths: string[];
  reason: string;
}

export interface NotAddedShown {
  /** What closing it forgets (closeNotAdded). */
  add: number;
  lines: NotAddedLine[];
  besideNamesakes: string[];
}

/** The order of the lines: the order of the refusal notices; a refusal whose listed file is gone comes last. */
const lineOrder = [
  "wrongFormat",
  "alreadyImportedWithOtherContent",
  "namesakesWithOtherContent",
  "notRead",
  "setTooBig",
  "listedGone",
] as const;

/**
 * What the notice says with the list as it is now. An edited file refused because a file of its path was listed
 * says so while that listed file is listed; once it is gone (deleted, Delete all) the refused file is still not in
 * PAR.txt but may be added now, and the line says that; when another file holds the path now (a record's files
 * loaded, another tab), nothing is known of its content, so the line goes. A sentence on a file added beside a
 * namesake is said from both files' paths and sets now, and goes with either of them.
 */
export function notAddedNow(kept: NotAddedKept | null, listed: readonly ListedFile[]): NotAddedShown | null {
  if (!kept) return null;
  const byId = new Map(listed.map((file) => [file.id, file]));
  const listedPaths = new Set(listed.map((file) => file.path));
  const pathsBy = new Map<(typeof lineOrder)[number], string[]>();
  for (const file of kept.refused) {
    let reason: (typeof lineOrder)[number] = file.reason;
    if (file.reason === "alreadyImportedWithOtherContent" && !(file.listedId !== null && byId.has(file.listedId))) {
      if (listedPaths.has(file.path)) continue;
      reason = "listedGone";
    }
    pathsBy.set(reason, [...(pathsBy.get(reason) ?? []), file.path]);
  }
  const lines = lineOrder.flatMap((reason) => {
    const paths = pathsBy.get(reason) ?? [];
    return paths.length > 0 ? [{ paths, reason: notAddedTexts.reasons[reason](paths.length) }] : [];
  });
  const besideNamesakes = kept.beside.flatMap(({ id, listedId }) => {
    const file = byId.get(id);
    const listedFile = byId.get(listedId);
    return file && listedFile
      ? [
          addedBesideListedSentence({
            path: file.path,
            set: setOfFile(file),
            listedPath: listedFile.path,
            listedSet: setOfFile(listedFile),
          }),
        ]
      : [];
  });
  return lines.length > 0 || besideNamesakes.length > 0 ? { add: kept.add, lines, besideNamesakes } : null;
}

function uniqueBy<T>(items: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(key(item)) && Boolean(seen.add(key(item))));
}
