/// <reference lib="webworker" />
/**
 * Runs the merge session off the main thread, so that reading a 20 MB
 * parameter set never freezes the page. It answers the calls of mergeClient.ts;
 * file bytes arrive transferred, and PAR.txt's bytes leave transferred.
 */
import { createMergeSession, type MergeSession } from "~/lib/merger/mergeSession";

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

/**
 * A small standard file and a KUNDESPEC file that rewrites some of its codes,
 * run once through a session of its own while the worker waits for the first
 * files: reading, merging and previewing are then compiled before the
 * technician's first pick, which otherwise pays for it.
 */
function warmUp() {
  const lines = (count: number, value: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => `P${String(index).padStart(7, "0")}\r\n${value(index)}\r\n`).join("");
  const encoder = new TextEncoder();
  const files = [
    { id: "warm-up-standard", path: "warm-up.txt", setOverride: null },
    { id: "warm-up-customer", path: "KUNDESPEC/warm-up.txt", setOverride: null },
  ];
  const texts = [lines(200, (index) => `${index},1;"Pump"`), lines(20, (index) => `${index * 10},5;"Customer"`)];
  const warmUpSession = createMergeSession();
  warmUpSession.read(files.map(({ id }, index) => ({ id, bytes: encoder.encode(texts[index]).buffer })));
  warmUpSession.preview(files, { filter: "all", query: "", problemPage: 1 });
}
setTimeout(() => {
  try {
    warmUp();
  } catch {
    // Only time is lost: the first pick compiles what it needs.
  }
}, 0);

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
