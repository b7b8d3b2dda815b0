/**
 * A value or line as a screen shows it: a value line can be megabytes long (a whole export pasted on one
 * line), and laying that out freezes the page. The screen shows the start and offers the rest on demand.
 */
export const shownTextLength = 200;

export interface ShownText {
  /** The start of the text, never cut inside a surrogate pair. */
  shown: string;
  /** Characters (UTF-16 code units) left out; 0 when the text is shown whole. */
  hiddenLength: number;
}

export function shownText(text: string, maxLength = shownTextLength): ShownText {
  if (text.length <= maxLength) return { shown: text, hiddenLength: 0 };
  // A high surrogate at the cut would show as a broken character.
  const lastCode = text.charCodeAt(maxLength - 1);
  const cut = lastCode >= 0xd800 && lastCode <= 0xdbff ? maxLength - 1 : maxLength;
  return { shown: text.slice(0, cut), hiddenLength: text.length - cut };
}
