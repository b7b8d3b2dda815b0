/**
 * Files being added are marked before they are stored and unmarked once a
 * merge with them has been shown. A mark found when the app starts means the
 * tab crashed or closed while they loaded (a set too big for the device): the
 * app then opens with the list as it was before them and says which files
 * were not kept, instead of loading the same set again and crashing again.
 */

export interface LoadingFiles {
  ids: string[];
  paths: string[];
}

type MarkStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const markKey = "technician-toolbox:files-loading";

function isLoadingFiles(value: unknown): value is LoadingFiles {
  return (
    typeof value === "object" &&
    value !== null &&
    Array.isArray((value as LoadingFiles).ids) &&
    Array.isArray((value as LoadingFiles).paths)
  );
}

export function createLoadMark(storage: MarkStorage | null) {
  function read(): LoadingFiles | null {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(markKey) ?? "null");
      return isLoadingFiles(parsed) ? parsed : null;
    } catch {
      return null;
    }
  }
  function clear() {
    try {
      storage?.removeItem(markKey);
    } catch {
      // Storage refused: nothing was marked either.
    }
  }
  return {
    /** Before the files are stored. */
    loading(files: LoadingFiles): void {
      try {
        storage?.setItem(markKey, JSON.stringify(files));
      } catch {
        // Without storage the list is not kept across visits either, so there is nothing to recover.
      }
    },
    /** After a merge was shown with these files listed: they loaded. */
    loaded(listedIds: readonly string[]): void {
      const mark = read();
      if (!mark) return;
      const listed = new Set(listedIds);
      if (mark.ids.every((id) => listed.has(id))) clear();
    },
    /** The files of a load that never finished, once; the mark is gone afterwards. */
    takeInterrupted(): LoadingFiles | null {
      const mark = read();
      clear();
      return mark;
    },
  };
}
