/** The texts of the file list's changes, its Undo, editing in one tab and storage: one verdict each, first. */
import type { ChangeMade } from "./fileListVersions";
import { parameterSetLabels } from "./parameterSet";
import { countOf } from "~/lib/shell/plural";

/** What the latest change did, as its notice says it. */
export function changeMadeText(made: ChangeMade): string {
  switch (made.kind) {
    case "add":
      return made.paths.length === 1 ? `${made.paths[0]} added.` : `${countOf(made.paths.length, "file")} added.`;
    case "delete":
      return `${made.path} deleted.`;
    case "deleteAll":
      return "All files deleted.";
    case "move":
      return `${made.path} moved.`;
    case "chooseSet":
      return `${made.path} set to ${parameterSetLabels[made.set]}.`;
    case "replace":
      return `The service record's ${countOf(made.count, "file")} loaded.`;
  }
}

/** "HH:MM" of a moment, as this device shows times. */
function timeOf(moment: number): string {
  return new Date(moment).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

export const fileListTexts = {
  undo: "Undo",
  undone: (made: ChangeMade) => `Undone: ${changeMadeText(made)}`,
  editingElsewhere: {
    title: "Read-only: this list is being edited in another tab",
    body: "Changes made there show here when you come back to this tab. To change the list here, press Edit here; the other tab then turns read-only.",
    button: "Edit here",
    /** The editing tab holds changes the browser would not store: this tab shows the list as stored before them. */
    editorNotSaved: {
      body: "That tab holds changes this browser could not save: this is the list from before them. Download PAR.txt in that tab, or edit here and lose them.",
      button: "Edit here and lose that tab's changes",
    },
  },
  /** A change asked for in a tab that does not edit the list (it turned read-only meanwhile). */
  readOnly: "Not changed: the list is being edited in another tab.",
  /** A Delete all or Undo shown from a list that changed before its turn came (another change first, queued before it). */
  stale: "Not done: the list had changed by the time this tap was carried out.",
  notSaved: {
    title: "Not saved in this browser",
    body: (reason: string, since: number | null) =>
      `The browser will not store the list (${reason}). Closing or reloading this tab loses ${
        since === null ? "this list and whatever is added to it" : `the changes made since ${timeOf(since)}`
      }. Download PAR.txt before you close it.`,
  },
  notSavedBeforeReload: (since: number | null) =>
    since === null
      ? "The list from before the reload was not saved in this browser."
      : `Changes made after ${timeOf(since)} were not saved in this browser: the reload lost them.`,
  notSavedGone: (since: number | null) =>
    `Changes made here${since === null ? "" : ` after ${timeOf(since)}`} were lost: this browser did not save them before another tab took over editing.`,
  /** Files an add read while another tab took editing over: not added here. */
  notAddedReadOnly: "Not added: another tab took over editing the list",
  /** What a reload would lose, for the shell's offers of a reload. */
  reloadLoses: (since: number | null) =>
    since === null
      ? "the file list (not saved in this browser)"
      : `the changes to the file list since ${timeOf(since)}`,
  changesRunning: "the changes to the file list still being made (files being added)",
  /** A label entered past what is kept: the field shows it all and says what the list and the record keep. */
  labelCut: (kept: number, leftOut: number) =>
    `Only the first ${kept} characters are kept: the last ${countOf(leftOut, "character")} will be left out.`,
} as const;
