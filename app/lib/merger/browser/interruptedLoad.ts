/**
 * Files being added are marked before they are read and unmarked once a
 * merge with them has been shown. A mark found when the app starts means the
 * tab crashed or closed while they loaded (a set too big for the device): the
 * app then opens with the list as it was before them and says which files
 * were not kept, instead of loading the same set again and crashing again.
 *
 * Several tabs share the list: each tab marks its files under a key of its own
 * and holds a Web Lock of its own while it adds them. A mark whose lock is held
 * belongs to a live tab still at work, never to an interrupted load; the browser
 * frees the lock of a tab that crashed or closed.
 */

export interface LoadingFiles {
  ids: string[];
  paths: string[];
}

type MarkStorage = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

/** The part of the Web Locks API the mark needs. */
export interface TabLocks {
  /** Takes the lock and keeps it until `released` settles; resolves once it is held. */
  hold(name: string, released: Promise<void>): Promise<void>;
  /** True when no live tab holds the lock. */
  isFree(name: string): Promise<boolean>;
}

export function webLocks(locks: LockManager): TabLocks {
  return {
    hold: (name, released) =>
      new Promise((held, failed) => {
        locks
          .request(name, () => {
            held();
            return released;
          })
          .catch(failed);
      }),
    isFree: (name) => locks.request(name, { ifAvailable: true }, (lock) => lock !== null),
  };
}

// The key an older version used for its one mark (no tab named): taken as interrupted, as then.
const markKeyPrefix = "technician-toolbox:files-loading";
const markKeyOf = (tabId: string) => `${markKeyPrefix}:${tabId}`;
const lockNameOf = (tabId: string) => `technician-toolbox:adding-files:${tabId}`;

function isLoadingFiles(value: unknown): value is LoadingFiles {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as LoadingFiles).ids) &&
    Array.isArray((value as LoadingFiles).paths)
  );
}

export function createLoadMark(storage: MarkStorage | null, locks: TabLocks | null, tabId: string) {
  const ownKey = markKeyOf(tabId);
  let releaseLock: (() => void) | null = null;

  function read(key: string): LoadingFiles | null {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(key) ?? "null");
      return isLoadingFiles(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  function clear(key: string) {
    try {
      storage?.removeItem(key);
    } catch {
      // Storage refused: nothing was marked either.
    }
  }
  function markKeys(): string[] {
    const found: string[] = [];
    try {
      for (let index = 0; index < (storage?.length ?? 0); index++) {
        const key = storage?.key(index);
        if (key === markKeyPrefix || key?.startsWith(`${markKeyPrefix}:`)) found.push(key);
      }
    } catch {
      // Storage refused: no marks to find.
    }
    return found;
  }
  function done() {
    clear(ownKey);
    releaseLock?.();
    releaseLock = null;
  }
  async function holdLock() {
    if (!locks || releaseLock) return;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    try {
      await locks.hold(lockNameOf(tabId), released);
      releaseLock = release;
    } catch {
      // Without the lock the mark still guards against a crash; another tab may then take it for one.
    }
  }

  return {
    /** Before the files are read: from then on this tab holds its lock until they are shown. */
    async loading(files: LoadingFiles): Promise<void> {
      if (files.ids.length === 0) return;
      await holdLock();
      const mark = read(ownKey);
      try {
        storage?.setItem(
          ownKey,
          JSON.stringify({
            ids: [...(mark?.ids ?? []), ...files.ids],
            paths: [...(mark?.paths ?? []), ...files.paths],
          }),
        );
      } catch {
        // Without storage the list is not kept across visits either, so there is nothing to recover.
      }
    },
    /** After a merge was shown with these files listed: they loaded. */
    loaded(listedIds: readonly string[]): void {
      const mark = read(ownKey);
      if (!mark) return;
      const listed = new Set(listedIds);
      if (mark.ids.every((id) => listed.has(id))) done();
    },
    /** These files left the list (deleted): whatever their load, there is nothing left to recover. */
    forget(ids: readonly string[]): void {
      const mark = read(ownKey);
      if (!mark || ids.length === 0) return;
      const gone = new Set(ids);
      const kept = mark.ids.flatMap((id, index) => (gone.has(id) ? [] : [{ id, path: mark.paths[index] ?? "" }]));
      if (kept.length === 0) return done();
      try {
        storage?.setItem(
          ownKey,
          JSON.stringify({ ids: kept.map((file) => file.id), paths: kept.map((file) => file.path) }),
        );
      } catch {
        // The mark stays as it was: at worst a later visit names files that are gone anyway.
      }
    },
    /** The files of loads that never finished (no live tab holds them), once; their marks are gone afterwards. */
    async takeInterrupted(): Promise<LoadingFiles | null> {
      const taken: LoadingFiles = { ids: [], paths: [] };
      for (const key of markKeys()) {
        if (key === ownKey) continue;
        const holder = key === markKeyPrefix ? null : key.slice(markKeyPrefix.length + 1);
        if (holder !== null && locks && !(await locks.isFree(lockNameOf(holder)))) continue;
        const mark = read(key);
        clear(key);
        if (!mark) continue;
        taken.ids.push(...mark.ids);
        taken.paths.push(...mark.paths);
      }
      return taken.ids.length > 0 ? taken : null;
    },
  };
}
