import { vi } from "vitest";

type TransactionInternals = IDBTransaction & { _abort(errorName: string | null): void };

/**
 * The device full (fake-indexeddb): every transaction that writes aborts with a QuotaExceededError, as Chromium and
 * Firefox abort it. Undone with the test's other mocks (restoreMocks), or by restoring the returned spy.
 */
export function storageFull() {
  const put = IDBObjectStore.prototype.put;
  return vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, ...args) {
    const request = put.apply(this, args);
    const transaction = this.transaction as TransactionInternals;
    queueMicrotask(() => transaction._abort("QuotaExceededError"));
    return request;
  });
}
