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

/**
 * A notice's text with every format character (direction marks and overrides, zero width characters) written
 * as its code point, <U+202E>: a file name a notice quotes cannot turn the notice around. Small on purpose, as
 * every screen loads it; the merger's messages name more (shownMessage).
 */
export function withFormatCharactersShown(text: string): string {
  return text.replace(
    /\p{Cf}/gu,
    (character) => `<U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}>`,
  );
}
