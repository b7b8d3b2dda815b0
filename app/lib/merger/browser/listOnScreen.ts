/** What this tab's /files screen shows of the stored list's changes (the rule: merger/listOnScreen.ts). */
import { listChanged, listOnScreenAtStart, listShown, type ListOnScreen } from "~/lib/merger/listOnScreen";

let list: ListOnScreen = listOnScreenAtStart;

/** A change of the stored list was stored: the screen reads the list again at the next navigation. */
export function noteListChanged(): void {
  list = listChanged(list);
}

/** The changes made so far: a loader reads the list after taking it, so its list holds at least these. */
export function listChangesSoFar(): number {
  return list.changesMade;
}

/** The screen rendered the list read at `changesRead`. */
export function noteListShown(changesRead: number): void {
  list = listShown(list, changesRead);
}

export function listOnScreen(): ListOnScreen {
  return list;
}
