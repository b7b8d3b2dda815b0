/**
 * The merge as the routes call it: in a Web Worker in the browser, in the same
 * thread where there is no Worker (unit and route tests). The client knows
 * which files the worker has read, so each file's bytes cross once,
 * transferred, and every later call sends only the list of files.
 */
import type { CatalogueFile, CatalogueLoadOutcome } from "~/lib/merger/catalogueFile";
import type { CardComparisonSummary, CardRows, CardRowsRequest } from "~/lib/merger/comparisonWithCard";
import type { MergePreview, PreviewRequest } from "~/lib/merger/mergePreview";
import type {
  FileBytes,
  MergeSession,
  MergeSessionStats,
  ParameterRows,
  ParameterRowsRequest,
  ParameterTableCsvOutput,
  ParFileOutput,
} from "~/lib/merger/mergeSession";
import { createMergeSession } from "~/lib/merger/mergeSession";
import type { MergeRecordContent } from "~/lib/merger/mergeRecordContent";
import type { MergeMethod, MergeWorkerRequest, MergeWorkerResponse } from "./mergeWorker";
import type { LineEnding } from "~/lib/merger/parFileFormat";
import type { ListedFile } from "~/lib/merger/listedFile";
import type { ParameterQuery } from "~/lib/merger/parameterTable";

/** Where the client finds the bytes of files the worker has not read yet (the file store). */
export type BytesSource = (ids: readonly string[]) => Promise<Map<string, ArrayBuffer>>;

export interface MergeClient {
  /** Starts the worker ahead of the first files (it starts on the first call otherwise). */
  start(): void;
  /** Hands newly added files to the worker; the buffers are transferred (unusable here afterwards). */
  read(files: readonly FileBytes[]): Promise<void>;
  /** Has the worker merge these files now, so the preview (and card comparison) that follow find it done. */
  prepare(files: readonly ListedFile[], bytesSource: BytesSource): Promise<void>;
  preview(files: readonly ListedFile[], request: PreviewRequest, bytesSource: BytesSource): Promise<MergePreview>;
  parFile(files: readonly ListedFile[], lineEnding: LineEnding, bytesSource: BytesSource): Promise<ParFileOutput>;
  /** Hands the card's PAR.txt (null: none on the card) to the worker, transferred, and compares. */
  compareWithCard(
    files: readonly ListedFile[],
    cardBytes: ArrayBuffer | null,
    bytesSource: BytesSource,
  ): Promise<CardComparisonSummary>;
  /** The comparison with the card last given, for the files as they are now; null before any card. */
  cardComparison(files: readonly ListedFile[], bytesSource: BytesSource): Promise<CardComparisonSummary | null>;
  cardRows(request: CardRowsRequest): Promise<CardRows | null>;
  forgetCard(): Promise<void>;
  /** Everything the service record of the current merge needs but the files' own fingerprints. */
  recordContent(files: readonly ListedFile[], bytesSource: BytesSource): Promise<MergeRecordContent>;
  /** A window of the table of the merge the last preview showed. */
  parameterRows(request: ParameterRowsRequest): Promise<ParameterRows>;
  parameterTableCsv(
    files: readonly ListedFile[],
    query: ParameterQuery,
    bytesSource: BytesSource,
  ): Promise<ParameterTableCsvOutput>;
  stats(): Promise<MergeSessionStats>;
  /**
   * Hands a parameter catalogue to the worker (its bytes transferred), which reads it and checks every merge
   * against it; null removes it. A refused file leaves the one before.
   */
  setCatalogue(file: CatalogueFile | null): Promise<CatalogueLoadOutcome | null>;
  /** The SHA-256 of the catalogue the worker holds, null for none: its bytes cross again only when it changes. */
  catalogueInWorker(): string | null;
}

type CallSession = <M extends MergeMethod>(
  method: M,
  args: Parameters<MergeSession[M]>,
  transfer?: Transferable[],
) => Promise<ReturnType<MergeSession[M]>>;

interface SessionCaller {
  call: CallSession;
  start(): void;
}

function inThreadCaller(): SessionCaller {
  const session = createMergeSession();
  return {
    call: async (method, args) => (session[method] as (...callArgs: typeof args) => never)(...args),
    start: () => undefined,
  };
}

/** The worker is made on the first call or on start(), whichever comes first. */
function workerCaller(createWorker: () => Worker): SessionCaller {
  let call: CallSession | undefined;
  const started = () => (call ??= workerCall(createWorker()));
  return {
    call: (method, args, transfer) => started()(method, args, transfer),
    start: () => void started(),
  };
}

function workerCall(worker: Worker): CallSession {
  let nextRequestId = 0;
  const pending = new Map<number, { resolve: (result: never) => void; reject: (error: Error) => void }>();
  worker.onmessage = (event: MessageEvent<MergeWorkerResponse>) => {
    const response = event.data;
    const waiting = pending.get(response.requestId);
    pending.delete(response.requestId);
    if ("error" in response) waiting?.reject(new Error(response.error));
    else waiting?.resolve(response.result as never);
  };
  worker.onerror = (event) => {
    for (const waiting of pending.values()) waiting.reject(new Error(event.message || "The merge worker stopped."));
    pending.clear();
  };
  return (method, args, transfer = []) =>
    new Promise((resolve, reject) => {
      const requestId = nextRequestId++;
      pending.set(requestId, { resolve, reject });
      worker.postMessage({ requestId, method, args } satisfies MergeWorkerRequest<typeof method>, transfer);
    });
}

function createMergeClient({ call, start }: SessionCaller): MergeClient {
  const readIds = new Set<string>();
  let catalogueSha256: string | null = null;
  // Nothing added yet, and nothing in the worker: the empty preview is made here, so the screen
  // does not wait for the worker to start (a first visit) and the worker need not start for it.
  let emptyListSession: MergeSession | undefined;
  const nothingRead = (files: readonly ListedFile[]) => files.length === 0 && readIds.size === 0;

  async function read(files: readonly FileBytes[]) {
    const unread = files.filter((file) => !readIds.has(file.id));
    if (unread.length === 0) return;
    await call(
      "read",
      [unread],
      unread.map((file) => file.bytes),
    );
    unread.forEach((file) => readIds.add(file.id));
  }

  // One sync at a time: calls sent back to back (the loader's preview and card comparison) read each file once.
  let syncing: Promise<void> = Promise.resolve();
  function sync(files: readonly ListedFile[], bytesSource: BytesSource): Promise<void> {
    const synced = syncing.then(() => syncNow(files, bytesSource));
    syncing = synced.catch(() => undefined);
    return synced;
  }

  /** Brings the worker to exactly the listed files: reads the new ones, forgets the gone ones. */
  async function syncNow(files: readonly ListedFile[], bytesSource: BytesSource) {
    const listed = new Set(files.map((file) => file.id));
    const gone = [...readIds].filter((id) => !listed.has(id));
    if (gone.length > 0) {
      gone.forEach((id) => readIds.delete(id));
      await call("keepOnly", [[...listed]]);
    }
    const unread = files.filter((file) => !readIds.has(file.id)).map((file) => file.id);
    if (unread.length === 0) return;
    const bytesById = await bytesSource(unread);
    await read([...bytesById].map(([id, bytes]) => ({ id, bytes })));
  }

  return {
    start,
    read,
    async prepare(files, bytesSource) {
      if (nothingRead(files)) return;
      await sync(files, bytesSource);
      await call("prepare", [files]);
    },
    async preview(files, request, bytesSource) {
      if (nothingRead(files)) return (emptyListSession ??= createMergeSession()).preview(files, request);
      await sync(files, bytesSource);
      return call("preview", [files, request]);
    },
    async parFile(files, lineEnding, bytesSource) {
      await sync(files, bytesSource);
      return call("parFile", [files, lineEnding]);
    },
    async compareWithCard(files, cardBytes, bytesSource) {
      await sync(files, bytesSource);
      return call("compareWithCard", [files, cardBytes], cardBytes ? [cardBytes] : []);
    },
    async cardComparison(files, bytesSource) {
      // No files yet: no card was compared either (a comparison needs files).
      if (nothingRead(files)) return null;
      await sync(files, bytesSource);
      return call("cardComparison", [files]);
    },
    cardRows: (request) => call("cardRows", [request]),
    forgetCard: () => call("forgetCard", []),
    async recordContent(files, bytesSource) {
      await sync(files, bytesSource);
      return call("recordContent", [files]);
    },
    parameterRows: (request) => call("parameterRows", [request]),
    async parameterTableCsv(files, query, bytesSource) {
      await sync(files, bytesSource);
      return call("parameterTableCsv", [files, query]);
    },
    stats: () => call("stats", []),
    async setCatalogue(file) {
      const outcome = await call("setCatalogue", [file], file ? [file.bytes] : []);
      if (file === null) catalogueSha256 = null;
      else if (outcome?.kind === "loaded") catalogueSha256 = file.sha256;
      return outcome;
    },
    catalogueInWorker: () => catalogueSha256,
  };
}

let client: MergeClient | undefined;

export function getMergeClient(): MergeClient {
  if (!client) {
    client = createMergeClient(
      typeof Worker === "undefined" || import.meta.env.MODE === "test"
        ? inThreadCaller()
        : workerCaller(() => new Worker(new URL("./mergeWorker.ts", import.meta.url), { type: "module" })),
    );
  }
  return client;
}
