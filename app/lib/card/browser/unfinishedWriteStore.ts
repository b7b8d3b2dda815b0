/**
 * The card writes that did not finish (UnfinishedCardWrite), kept in IndexedDB beside the folder's handle so a
 * reload and the next visit know them. One tab writes: it reads them once, keeps them, and stores them whole after
 * each change. Where storage refuses, the tab keeps the change, and a reload offer says a reload would lose it.
 */
import { get, set, type UseStore } from "idb-keyval";
import { z } from "zod";
import type { UnfinishedCardWrite } from "~/lib/card/unfinishedWrites";
import { logger } from "~/lib/shell/logger";

export type UnfinishedWrite = UnfinishedCardWrite<Uint8Array<ArrayBuffer>>;

const unfinishedKey = "unfinished-writes";

const bytesSchema = z.custom<Uint8Array<ArrayBuffer>>((value) => value instanceof Uint8Array);
/** What IndexedDB gives back is checked: a stored list the code no longer reads is none. */
const unfinishedWritesSchema = z.array(
  z.object({
    id: z.string(),
    at: z.date(),
    cardState: z.enum(["written-unverified", "may-be-incomplete"]),
    writing: bytesSchema,
    replaced: bytesSchema.nullable(),
    card: z.object({ folderName: z.string(), others: z.array(z.string()) }),
    recordId: z.string().nullable(),
  }),
);

/** The unfinished writes as stored; nothing stored (storage emptied, or no write ever cut) is none. */
function unfinishedWritesOf(value: unknown): UnfinishedWrite[] {
  const parsed = unfinishedWritesSchema.safeParse(value ?? []);
  if (!parsed.success) logger.warn("The card's unfinished writes stored are not read by this version", parsed.error);
  return parsed.success ? parsed.data : [];
}

/** `changed` runs after every change, stored or not. */
export function createUnfinishedWriteStore(database: UseStore | null, changed: () => void) {
  let writes: UnfinishedWrite[] = [];
  let read: Promise<void> | null = null;
  /** The browser's storage refused the list last kept: only this tab knows it. */
  let notStored = false;

  function readOnce(): Promise<void> {
    read ??= (async () => {
      if (!database) return;
      try {
        writes = unfinishedWritesOf(await get(unfinishedKey, database));
      } catch (error) {
        logger.warn("The card's unfinished writes could not be read", error);
      }
    })();
    return read;
  }

  return {
    /** The unfinished writes, newest first, read from storage on first use. */
    async list(): Promise<readonly UnfinishedWrite[]> {
      await readOnce();
      return writes;
    },

    /** As last read or changed, for the screen. */
    known: (): readonly UnfinishedWrite[] => writes,

    /** Some are kept only in this tab: a reload would lose them. */
    onlyHere: (): boolean => notStored && writes.length > 0,

    async change(change: (writes: readonly UnfinishedWrite[]) => UnfinishedWrite[]): Promise<void> {
      await readOnce();
      writes = change(writes);
      if (database) {
        try {
          await set(unfinishedKey, writes, database);
          notStored = false;
        } catch (error) {
          logger.warn("The card's unfinished writes could not be stored", error);
          notStored = true;
        }
      }
      changed();
    },
  };
}

export type UnfinishedWriteStore = ReturnType<typeof createUnfinishedWriteStore>;
