/**
 * Keeps one tab's file list in step with storage (the rules are in fileListState.ts). Storage is handed in:
 * IndexedDB in the browser (browser/parameterFileStore.ts), a fake with faults in the tests.
 */
import {
  changesOnlyThisTab,
  givingWay,
  hasUnstored,
  newFileListTab,
  planChange,
  settleNotStored,
  settleStored,
  storageLost,
  tabAfterStorageLost,
  tabRead,
  tabReadFailed,
  unstoredIds,
  withPathTaken,
  type ChangeOutcome,
  type FileListChange,
  type FileListTab,
  type FileListWrite,
  type GaveWay,
  type StoredFileList,
} from "./fileListState";
import { storageClearedReason } from "~/lib/shell/storageFailure";

/** Where the list is stored. Every method rejects when storage fails; a rejected transaction wrote nothing. */
export interface FileListStorage {
  read(): Promise<StoredFileList>;
  /**
   * One transaction: reads the stored list, asks `plan` what to write, writes it (the list, the bytes
   * `bytesOf` gives for putBytes, the deletions) and resolves with the list as it was read, once committed.
   */
  transact(
    plan: (fresh: StoredFileList) => FileListWrite | null,
    bytesOf: (id: string) => ArrayBuffer | undefined,
  ): Promise<StoredFileList>;
}

export interface FileListKeeperOptions {
  now(): number;
  /** The reason to show for a storage error. */
  reasonOf(error: unknown): string;
  /** Why there is no storage at all, when `storage` is null. */
  noStorageReason: string;
  /** After a transaction that wrote something. */
  onStored?(): void;
  /** After every change of the tab's state (to leave a note for the next visit). */
  onTabChanged?(tab: FileListTab): void;
  onError?(error: unknown): void;
  /** A new mark for a list written to empty storage (see StoredFileList.mark). */
  newMark?(): string;
}

export interface FileListKeeper {
  /** Reads the stored list afresh and shows it, with what only this tab holds; never rejects. */
  read(): Promise<FileListTab>;
  /**
   * Makes the change: stored in one transaction, or as fileListState's rule says when storage fails.
   * `bytes` are those of files the change adds; the caller may transfer them once this has settled.
   */
  change(change: FileListChange, bytes?: ReadonlyMap<string, ArrayBuffer>): Promise<ChangeOutcome>;
  /** The bytes of files only this tab holds (not stored). */
  heldBytes(id: string): ArrayBuffer | undefined;
  tab(): FileListTab;
  /** Counts every change of what the tab shows: a screen tells an older list from a newer one by it. */
  version(): number;
  /**
   * The files this tab held only in the merge that gave way to another tab's stored file of their path since the
   * last call (givingWay); the caller asks the merge whether each reads the same and says what changed.
   */
  takeGaveWay(): GaveWay[];
}

class NoStorage extends Error {}

export function createFileListKeeper(storage: FileListStorage | null, options: FileListKeeperOptions): FileListKeeper {
  let tab: FileListTab = newFileListTab;
  // Bumped by every change: a read that began before a change ended must not show the list from before it.
  let changeCount = 0;
  let version = 0;
  // The only copy of bytes storage did not take, while the tab shows (or can undo back) their files.
  const held = new Map<string, ArrayBuffer>();
  let gaveWay: GaveWay[] = [];

  /** The tab read afresh: what storage has, what only this tab has, and the files that gave way, noted. */
  function readInto(fresh: StoredFileList) {
    const base = against(fresh);
    gaveWay = [...gaveWay, ...givingWay(base, fresh)];
    update(tabRead(base, fresh));
  }

  function update(next: FileListTab) {
    tab = next;
    version += 1;
    const stillHeld = unstoredIds(tab.shown);
    for (const id of held.keys()) if (!stillHeld.has(id)) held.delete(id);
    options.onTabChanged?.(tab);
  }

  const newMark = options.newMark ?? (() => `${options.now().toString(36)}-${Math.random().toString(36).slice(2)}`);

  /**
   * The tab as it stands against the stored list just read: when storage was emptied under it, what it showed as
   * stored is kept here and shown as not stored, never taken for deleted.
   */
  function against(fresh: StoredFileList): FileListTab {
    return storageLost(tab, fresh) ? tabAfterStorageLost(tab, fresh, storageClearedReason, options.now()) : tab;
  }

  function failed(error: unknown): string {
    options.onError?.(error);
    return options.reasonOf(error);
  }

  async function store(
    change: FileListChange,
    bytesOf: (id: string) => ArrayBuffer | undefined,
  ): Promise<ChangeOutcome> {
    if (!storage) throw new NoStorage();
    let planned: ReturnType<typeof planChange> | undefined;
    let gave: GaveWay[] = [];
    let base = tab;
    let fresh: StoredFileList;
    try {
      fresh = await storage.transact((read) => {
        base = against(read);
        planned = planChange(base, read, change);
        gave = givingWay(base, read);
        if (!planned.write) return null;
        // The stored list keeps its mark; a list written to emptied storage gets a new one.
        planned.write.list.mark = read.mark ?? newMark();
        return planned.write;
      }, bytesOf);
    } finally {
      // A loss found in the transaction stands whether the change is then stored or refused: the files stay, not stored.
      if (base !== tab) update(base);
    }
    gaveWay = [...gaveWay, ...gave];
    update(settleStored(tab, planned!, fresh));
    if (planned!.write) options.onStored?.();
    return withPathTaken({ kind: "stored" }, planned!.pathTaken, planned!.goneWithStorage);
  }

  return {
    async read() {
      const started = changeCount;
      if (!storage) {
        update(tabReadFailed(tab, options.noStorageReason));
        return tab;
      }
      try {
        const fresh = await storage.read();
        if (started === changeCount) readInto(fresh);
      } catch (error) {
        update(tabReadFailed(tab, failed(error)));
      }
      return tab;
    },
    async change(change, bytes) {
      changeCount += 1;
      const bytesOf = (id: string) => bytes?.get(id) ?? held.get(id);
      // Before the stored list was read (or found unreachable) this tab cannot know what only it holds.
      if ((tab.readBefore || tab.unreadable) && changesOnlyThisTab(tab, change)) {
        // Nothing was read or written: what the tab knows of storage, and since when it holds more, stays.
        const planned = planChange(tab, tab.stored, change);
        gaveWay = [...gaveWay, ...givingWay(tab, tab.stored)];
        update({
          ...tab,
          shown: planned.shown,
          notStored: hasUnstored(planned.shown, tab.stored) ? tab.notStored : null,
        });
        return withPathTaken({ kind: "stored" }, planned.pathTaken, planned.goneWithStorage);
      }
      try {
        return await store(change, bytesOf);
      } catch (error) {
        const reason = error instanceof NoStorage ? options.noStorageReason : failed(error);
        // A tab that never read the stored list judges the refusal against it, never against an empty list
        // (a record's files loaded on arrival would otherwise be added to the stored list, not replace it).
        if (storage && !tab.readBefore) {
          try {
            readInto(await storage.read());
          } catch {
            // Unreadable too: judged on what the tab knows, which then is nothing stored.
          }
        }
        const settled = settleNotStored(tab, change, reason, options.now());
        // The caller hands its buffers on (to the merge worker): a copy stays here, the only one left.
        for (const id of unstoredIds(settled.tab.shown)) {
          const given = bytes?.get(id);
          if (given && !held.has(id)) held.set(id, given.slice(0));
        }
        update(settled.tab);
        return settled.outcome;
      }
    },
    heldBytes: (id) => held.get(id),
    takeGaveWay() {
      const taken = gaveWay;
      gaveWay = [];
      return taken;
    },
    tab: () => tab,
    version: () => version,
  };
}
