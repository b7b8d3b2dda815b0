/**
 * What a storage error means, in the technician's words. Told by the error's name: browsers word their
 * messages differently, and WebKit refuses with no message at all (null), so a message is the last resort.
 */

/** The name of the error of a database the browser would not open: whatever its own error, it refuses storage. */
export const storageNotOpenedName = "StorageNotOpenedError";

// No brackets in a reason: the screens say it in brackets.
const reasonsByName: Record<string, string> = {
  QuotaExceededError: "the browser's storage is full",
  DataCloneError: "the browser cannot store this kind of data here",
  SecurityError: "private mode or the browser's settings forbid storage here",
  InvalidStateError: "the browser closed its storage",
  UnknownError: "the browser's storage failed",
  AbortError: "the browser stopped storing",
  TransactionInactiveError: "the browser stopped storing",
  VersionError: "the stored data is from another version of the tool",
  NotFoundError: "the browser's storage lacks a part the tool needs",
  [storageNotOpenedName]: "private mode or the browser's settings forbid storage here",
};

/** The errors whose names have a reason of their own. */
export const namedStorageErrors = Object.keys(reasonsByName);

/**
 * Said when storage was emptied under an open tab (site data cleared, the browser evicting it): no error, the
 * stored data is simply gone.
 */
export const storageClearedReason = "the browser's storage was cleared";

/** Said when an error tells nothing at all. */
export const noReasonGiven = "the browser gave no reason";

function meaningful(text: unknown): text is string {
  return typeof text === "string" && text.trim() !== "" && text !== "null" && text !== "undefined";
}

export function storageFailureReason(error: unknown): string {
  if (typeof error !== "object" || error === null) return meaningful(error) ? error : noReasonGiven;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (typeof name === "string" && name in reasonsByName) return reasonsByName[name]!;
  return meaningful(message) ? message : noReasonGiven;
}
