/**
 * What earlyInputScript.ts kept from before the app started, handed to the app: files pasted or dropped on /files
 * (and, after the start, files dropped on /files outside the drop zone), and a tap on the phone's menu button.
 */

/** One file of a drop, read while the drop happened: the browser empties the drop's list right after it. */
interface DroppedItem {
  type: string;
  file: File | null;
  /** The file or folder as an entry, for a dropped folder's files and their paths. */
  entry: FileSystemEntry | null;
}

export type EarlyInput = { dropped: DroppedItem[] } | { pasted: { files: File[]; text: string } };

declare global {
  interface Window {
    earlyInput?: {
      menuTapped: boolean;
      started: boolean;
      take(consumer: (input: EarlyInput) => void): () => void;
    };
  }
}

/**
 * Hands `consumer` what waits and then every later drop outside the drop zone, until the returned release is called.
 * Without the script (a test's page, the dev server's first start) nothing waits.
 */
export function takeEarlyInput(consumer: (input: EarlyInput) => void): () => void {
  return window.earlyInput?.take(consumer) ?? (() => {});
}

/** Whether the menu button was tapped (an odd number of times) before the app started; from now on the app answers it. */
export function menuTappedBeforeStart(): boolean {
  const early = window.earlyInput;
  if (!early) return false;
  early.started = true;
  return early.menuTapped;
}

/**
 * A drop, rebuilt as the drop zone's reader (file-selector) reads a drop event: it reads a dropped folder through
 * its entry, a file through getAsFile.
 */
export function asDropEvent(dropped: readonly DroppedItem[]): DragEvent {
  const items = dropped.map(({ type, file, entry }) => ({
    kind: "file",
    type,
    getAsFile: () => file,
    webkitGetAsEntry: () => entry,
  }));
  const files = dropped.flatMap(({ file }) => (file ? [file] : []));
  return { type: "drop", dataTransfer: { items, files, types: ["Files"] } } as unknown as DragEvent;
}
