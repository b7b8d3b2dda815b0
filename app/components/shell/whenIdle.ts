/** Runs `task` once the browser is idle; Safari has no requestIdleCallback, so a short timer there. Returns the cancel. */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const idle = window.requestIdleCallback(task, { timeout: 1000 });
    return () => window.cancelIdleCallback(idle);
  }
  const timer = setTimeout(task, 300);
  return () => clearTimeout(timer);
}
