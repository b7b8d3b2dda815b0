/**
 * What this browser can do with the card and how long it keeps the technician's work, in their words:
 * said once on /files. Chromium on a desktop opens the card as a folder (compare and Write); Firefox,
 * Safari and phones pick the card's PAR.txt to compare and download the new one. A browser that has
 * not granted persistent storage may clear files and records when space runs low, and Safari clears a
 * site's storage after 7 days without a visit.
 */

export interface BrowserAbilities {
  /** The File System Access folder picker is there (the card as a folder, Write to SD card). */
  cardFolder: boolean;
  /** navigator.storage.persisted(): true, false, or null when the browser does not say. */
  keptForGood: boolean | null;
}

export interface BrowserAbilitiesText {
  card: string;
  storage: string;
}

/** Whether files and records stay: on /files in the note, on /records on its own. */
export function keptForGoodText(keptForGood: boolean | null): string {
  return keptForGood
    ? "Your files and service records are kept in this browser for good, until you delete them."
    : "Your files and service records are kept in this browser, but it may clear them when space runs low (Safari: after 7 days without a visit). Keep the downloaded PAR.txt.";
}

export function browserAbilitiesText({ cardFolder, keptForGood }: BrowserAbilities): BrowserAbilitiesText {
  return {
    card: cardFolder
      ? "This browser opens the SD card as a folder: compare with the card's PAR.txt and Write to SD card."
      : "This browser cannot open the SD card as a folder: pick the card's PAR.txt to compare, and download PAR.txt to copy it onto the card.",
    storage: keptForGoodText(keptForGood),
  };
}
