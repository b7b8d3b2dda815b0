/**
 * A pause for the page at most every `everyMs`, for work done item by item (a backup zipped file by file,
 * the sizes of 300 picked files): the page keeps answering meanwhile, and a pause after every item would add
 * the browser's 4 ms timer floor a thousand times.
 */
export function pauseEvery(everyMs = 25): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < everyMs) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
    last = performance.now();
  };
}
