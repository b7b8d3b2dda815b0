/**
 * Whether the browser keeps this site's storage for good (navigator.storage.persisted()). Asked once, when
 * this module loads: by the time /files renders the answer is usually in, so the note shows it at once.
 */
let answer: boolean | null | undefined;

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
