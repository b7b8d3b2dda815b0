/**
 * What this tab holds that the browser's storage does not, as each feature says it (the files /files could not
 * store, ...): a reload the app offers (a new version, a broken screen) names what it would lose instead of
 * promising that everything is kept. The shell knows no feature; each one tells it here.
 */
const heldBySource = new Map<string, string>();
const listeners = new Set<() => void>();
// A new array only when something changed: React compares snapshots by identity.
let snapshot: readonly string[] = [];

/** `what`: what a reload would lose of this source, in the technician's words; null when nothing. */
export function tellHeldOnlyInTab(source: string, what: string | null): void {
  if ((heldBySource.get(source) ?? null) === what) return;
  if (what === null) heldBySource.delete(source);
  else heldBySource.set(source, what);
  snapshot = [...heldBySource.values()];
  listeners.forEach((listener) => listener());
}

export function heldOnlyInTab(): readonly string[] {
  return snapshot;
}

/** Calls back whenever what the tab holds only changes; returns the unsubscribe. */
export function onHeldOnlyInTabChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
