/**
 * The heading and intro line each main screen opens with. Kept here, by path,
 * because index.html paints them too, before any JavaScript has run (the intro
 * or heading is the largest thing on a phone's first screen).
 */
export interface ScreenHeadingText {
  title: string;
  intro: string;
}

export const screenHeadings = {
  "/": {
    title: "Hi. Some usefull links",
    intro: "Tools that help on site. Each opens in a new tab.",
  },
  "/files": {
    title: "SD card file merger",
    intro:
      "Add the standard parameter files and the customer files (KUNDESPEC). Customer values win; check the preview, then download PAR.txt for the unit's SD card.",
  },
  "/actions": {
    title: "Code calculator",
    intro: "Turn relay outputs and an alarm action into the unit's 5-digit code, or read a code back.",
  },
} as const satisfies Record<string, ScreenHeadingText>;

export type ScreenPath = keyof typeof screenHeadings;

/** What index.html prints when a page is printed before the app has started (a deep link printed at once). */
export const printedBeforeStart =
  "This page was printed before it had loaded: it holds nothing yet. Wait until the screen shows, then print again.";
