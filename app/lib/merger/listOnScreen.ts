/**
 * Whether the /files screen shows the stored list as it is. Changes of the list (this tab's actions, another tab's)
 * and what the screen shows are counted, not flagged: a flag cleared when a reload of the list starts is lost when
 * the router drops that reload (a second tap's navigation takes over: a delete, then Download), and the screen would
 * go on showing the deleted file beside a PAR.txt made without it. A count is only taken as shown once the screen
 * has rendered the list read at it, so whatever order the navigations end in, the next one reads the list again.
 */

/** How many changes of the stored list this tab knows of, and how many of them the list on screen holds. */
export interface ListOnScreen {
  changesMade: number;
  changesShown: number;
}

export const listOnScreenAtStart: ListOnScreen = { changesMade: 0, changesShown: 0 };

/** A change of the stored list has been stored (by an action of this tab, or another tab's). */
export function listChanged(list: ListOnScreen): ListOnScreen {
  return { ...list, changesMade: list.changesMade + 1 };
}

/**
 * The screen rendered the list a loader read when `changesRead` changes were made. A list read before the last one
 * shown (an older render) does not take the count back.
 */
export function listShown(list: ListOnScreen, changesRead: number): ListOnScreen {
  return { ...list, changesShown: Math.max(list.changesShown, changesRead) };
}

/** The list must be read again before the screen is shown next: a change was made that the screen does not hold. */
export function listOnScreenIsBehind(list: ListOnScreen): boolean {
  return list.changesShown < list.changesMade;
}
