/// <reference lib="webworker" />
/**
 * Runs the merge session off the main thread, so that reading a 20 MB
 * parameter set never freezes the page. It answers the calls of mergeClient.ts;
 * file bytes arrive transferred, and PAR.txt's bytes leave transferred.
 */
import { createMergeSession, type MergeSession } from "./mergeSession";

export type MergeMethod = keyof MergeSession;

export interface MergeWorkerRequest<M extends MergeMethod = MergeMethod> {
  requestId: number;
  method: M;
  args: Parameters<MergeSession[M]>;
}

export type MergeWorkerResponse =
  { requestId: number; result: ReturnType<MergeSession[MergeMethod]> } | { requestId: number; error: string };

const session = createMergeSession();
const scope = self as unknown as DedicatedWorkerGlobalScope;

function transferablesOf(result: unknown): Transferable[] {
  return result && typeof result === "object" && "bytes" in result && result.bytes instanceof Uint8Array
    ? [result.bytes.buffer]
    : [];
}

scope.onmessage = (event: MessageEvent<MergeWorkerRequest>) => {
  const { requestId, method, args } = event.data;
  try {
    const call = session[method] as (...callArgs: typeof args) => ReturnType<MergeSession[typeof method]>;
    const result = call(...args);
    scope.postMessage({ requestId, result } satisfies MergeWorkerResponse, transferablesOf(result));
  } catch (error) {
    scope.postMessage({ requestId, error: error instanceof Error ? error.message : String(error) });
  }
};
