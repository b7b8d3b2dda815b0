/**
 * One tab edits the file list: the one holding this Web Lock. Another tab of /files shows the list read-only and
 * waits in the lock's queue, so it edits once the editing tab closes; "Edit here" takes the lock at once (steal),
 * and the tab that had it finds its lock taken and turns read-only. Without Web Locks (tests, old browsers) the tab
 * edits alone.
 *
 * While the editing tab holds changes the browser would not store, it holds a second lock: the other tabs read the
 * stored list, and that lock tells them it is not the list being edited.
 */
const lockName = "technician-toolbox:file-list-editor";
const notSavedLockName = "technician-toolbox:file-list-not-saved";

export type Editing = "here" | "elsewhere";

export interface EditingLock {
  /** Whether this tab edits; asks for the lock once, on first use. */
  editing(): Promise<Editing>;
  /** Takes editing over from another tab, at once. */
  takeOver(): Promise<void>;
  /** Lets another tab edit (this one left /files); the next question asks for the lock again. */
  release(): void;
  /** Says to the other tabs whether this one holds changes the browser would not store (letting go: once it is gone). */
  holdNotSaved(notSaved: boolean): Promise<void>;
  /** Calls back when editing moved to or from this tab without its asking (another tab took it, or closed). */
  onMoved(listener: (editing: Editing) => void): () => void;
  /** Whether the tab editing the list holds changes the browser would not store. */
  editorNotSaved(): Promise<boolean>;
}

export function createEditingLock(locks: LockManager | null): EditingLock {
  if (!locks) {
    return {
      editing: async () => "here",
      takeOver: async () => undefined,
      release: () => undefined,
      holdNotSaved: async () => undefined,
      editorNotSaved: async () => false,
      onMoved: () => () => undefined,
    };
  }
  const movedListeners = new Set<(editing: Editing) => void>();
  const moved = (editing: Editing) => movedListeners.forEach((listener) => listener(editing));
  let state: Promise<Editing> | undefined;
  /** The not-saved lock, held or asked for: letting go of one asked for lets it go as soon as it is granted. */
  let notSavedLock: { letGo: () => void; gone: Promise<unknown> } | null = null;
  /** Ends once the not-saved lock last let go of is gone, so that no question finds it held by this tab. */
  let notSavedGone: Promise<unknown> = Promise.resolve();
  function letGoOfNotSaved() {
    if (!notSavedLock) return;
    notSavedLock.letGo();
    notSavedGone = notSavedLock.gone;
    notSavedLock = null;
  }
  let waiting: AbortController | null = null;
  let letGo: (() => void) | null = null;

  /**
   * Asks for the lock; `granted` runs when this tab holds it (null: not available, with ifAvailable). The lock is
   * held until another tab steals it: then this tab is read-only and waits in the queue again.
   */
  function request(options: LockOptions, granted: (held: boolean) => void) {
    let held = false;
    locks!
      .request(lockName, options, (lock) => {
        held = lock !== null;
        granted(held);
        return held ? new Promise<void>((released) => (letGo = released)) : null;
      })
      .catch(() => {
        // Rejected while waiting: this tab withdrew from the queue (it took the lock, or left /files).
        if (!held) return;
        letGo = null;
        // What this tab could not save is not the list being edited any more.
        letGoOfNotSaved();
        state = Promise.resolve("elsewhere");
        waitInQueue();
        moved("elsewhere");
      });
  }
  function waitInQueue() {
    waiting = new AbortController();
    request({ signal: waiting.signal }, () => {
      waiting = null;
      state = Promise.resolve("here");
      moved("here");
    });
  }
  function ask(): Promise<Editing> {
    return new Promise((answer) =>
      request({ ifAvailable: true }, (held) => {
        answer(held ? "here" : "elsewhere");
        if (!held) waitInQueue();
      }),
    );
  }
  return {
    editing: () => (state ??= ask()),
    async takeOver() {
      if ((await (state ??= ask())) === "here") return;
      waiting?.abort();
      waiting = null;
      await new Promise<void>((taken) => request({ steal: true }, () => taken()));
      state = Promise.resolve("here");
    },
    async holdNotSaved(notSaved) {
      if (notSaved && !notSavedLock) {
        let letGo = () => {};
        const released = new Promise<void>((resolve) => (letGo = resolve));
        notSavedLock = { letGo, gone: locks.request(notSavedLockName, () => released) };
      } else if (!notSaved) {
        letGoOfNotSaved();
        await notSavedGone;
      }
    },
    onMoved(listener) {
      movedListeners.add(listener);
      return () => movedListeners.delete(listener);
    },
    async editorNotSaved() {
      await notSavedGone;
      const { held = [] } = await locks.query();
      return held.some(({ name }) => name === notSavedLockName);
    },
    release() {
      waiting?.abort();
      waiting = null;
      letGo?.();
      letGo = null;
      state = undefined;
    },
  };
}
