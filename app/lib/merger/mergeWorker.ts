/// <reference lib="webworker" />
/**
 * Runs the merge off the main thread, so that reading a 20 MB parameter set
 * never freezes the page. It answers the calls of mergeEngine.ts.
 */
import { createMergeSession, type MergeSession } from "./mergePreview";

export interface MergeWorkerRequest<M extends keyof MergeSession = keyof MergeSession> {
  requestId: number;
  method: M;
  args: Parameters<MergeSession[M]>;
}

export type MergeWorkerResponse =
  { requestId: number; result: ReturnType<MergeSession[keyof MergeSession]> } | { requestId: number; error: string };

const session = createMergeSession();
const scope = self as unknown as DedicatedWorkerGlobalScope;

scope.onmessage = (event: MessageEvent<MergeWorkerRequest>) => {
  const { requestId, method, args } = event.data;
  try {
    const call = session[method] as (...callArgs: typeof args) => ReturnType<MergeSession[typeof method]>;
    scope.postMessage({ requestId, result: call(...args) } satisfies MergeWorkerResponse);
  } catch (error) {
    scope.postMessage({ requestId, error: error instanceof Error ? error.message : String(error) });
  }
};
