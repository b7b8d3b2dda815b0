/**
 * Runs tasks one after another in the order they were queued, so that two
 * changes started at the same moment (two picks, two quick clicks) never read
 * the same old state. A failed task does not stop the ones after it.
 */
export function createSerialQueue() {
  let tail: Promise<unknown> = Promise.resolve();
  return function run<T>(task: () => Promise<T>): Promise<T> {
    const result = tail.then(task, task);
    tail = result.catch(() => undefined);
    return result;
  };
}
