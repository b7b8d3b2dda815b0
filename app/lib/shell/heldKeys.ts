/**
 * A held key repeats (after about half a second, then some 30 times a second). Enter held on a button presses it
 * again with every repeat: held on Download SD card file, one PAR.txt and one record every half second; held on
 * Delete all, the repeats press the Undo that follows. A button that starts something is pressed once per press
 * of the key; only where Enter types (a text box of several lines, an editable area) does its repeat count.
 */

/** What the held key's event was aimed at. */
export interface KeyTarget {
  /** The target takes typed lines: Enter's repeats make new lines there. */
  typesLines: boolean;
}

/** Whether a key event is a held key's repeat that must not press anything again. */
export function isHeldKeyRepeat(event: { key: string; repeat: boolean }, target: KeyTarget): boolean {
  return event.repeat && event.key === "Enter" && !target.typesLines;
}
