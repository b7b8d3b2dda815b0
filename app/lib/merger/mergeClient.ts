/**
 * The merge as the routes call it: in a Web Worker in the browser, in the same
 * thread where there is no Worker (unit and route tests).
 */
import { createMergeSession, type MergeSession } from "./mergePreview";
import type { MergeWorkerRequest, MergeWorkerResponse } from "./mergeWorker";

type Asynchronous<T> = {
  [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never;
};
export type MergeEngine = Asynchronous<MergeSession>;

function inThreadEngine(): MergeEngine {
  const session = createMergeSession();
  return {
    preview: async (...args) => session.preview(...args),
    parFile: async (...args) => session.parFile(...args),
  };
}

function workerEngine(worker: Worker): MergeEngine {
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
  function call<M extends keyof MergeSession>(method: M, args: Parameters<MergeSession[M]>) {
    return new Promise<ReturnType<MergeSession[M]>>((resolve, reject) => {
      const requestId = nextRequestId++;
      pending.set(requestId, { resolve, reject });
      worker.postMessage({ requestId, method, args } satisfies MergeWorkerRequest<M>);
    });
  }
  return {
    preview: (...args) => call("preview", args),
    parFile: (...args) => call("parFile", args),
  };
}

let engine: MergeEngine | undefined;

export function getMergeEngine(): MergeEngine {
  if (!engine) {
    engine =
      typeof Worker === "undefined" || import.meta.env.MODE === "test"
        ? inThreadEngine()
        : workerEngine(new Worker(new URL("./mergeWorker.ts", import.meta.url), { type: "module" }));
  }
  return engine;
}
