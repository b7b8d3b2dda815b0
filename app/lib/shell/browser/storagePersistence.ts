/**
 * Whether the browser keeps this site's storage for good (navigator.storage.persisted()). Asked once, when
 * this module loads: by the time /files renders the answer is usually in, so the note shows it at once.
 * Once a file or record is stored, the browser is asked to keep it for good (persist(); Firefox asks the
 * technician, the others decide alone), and the answer follows.
 */
import { logger } from "~/lib/shell/logger";

let answer: boolean | null | undefined;
let persistAsked = false;

const asked: Promise<boolean | null> =
  typeof navigator !== "undefined" && typeof navigator.storage?.persisted === "function"
    ? navigator.storage.persisted().then(
        (persisted) => (answer = persisted),
        () => (answer = null),
      )
    : Promise.resolve((answer = null));

/** The answer if it is in; undefined while the browser has not said. */
export function storageKeptForGood(): boolean | null | undefined {
  return answer;
}

export function whenStorageKeptForGoodKnown(): Promise<boolean | null> {
  return asked;
}

/** The answer as it is now: after persist() granted it, true. */
export async function storageKeptForGoodNow(): Promise<boolean | null> {
  await asked;
  return answer ?? null;
}

/** Once per tab, after the first file or record is stored. */
export function keepStorageForGood(): void {
  if (persistAsked || typeof navigator === "undefined" || typeof navigator.storage?.persist !== "function") return;
  persistAsked = true;
  navigator.storage.persist().then(
    (granted) => {
      if (granted) answer = true;
    },
    (error: unknown) => logger.warn("The browser was not asked to keep storage", error),
  );
}
