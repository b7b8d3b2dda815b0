/**
 * The order a tab has seen its files in, deleted ones included (docs/behaviour.md, the file list): each file the
 * list ever showed keeps its place among all the others, listed or deleted, so a file an Undo brings back goes where
 * it stood among the files it stood among, whatever was deleted, undone or added since, in any order of the Undos
 * (K1, K2). A file added later stands after every file listed before it (in front of it, Undo puts back what
 * a Delete all took). Ids only: the order holds no files.
 */

/**
 * The order seen, after the list was seen as `listed` (ids, in list order). The listed files keep the list's order;
 * a file not listed keeps its place in front of the listed file that followed it in the order seen (or after the last
 * of them, when none did); a file new to the order goes where the list has it, after the files not listed that
 * stood at the end (a file added is listed after every file listed before it).
 */
export function orderSeen(order: readonly string[], listed: readonly string[]): string[] {
  const listedIds = new Set(listed);
  const known = new Set(order);
  const inFrontOf = new Map<string, string[]>();
  let waiting: string[] = [];
  for (const id of order) {
    if (listedIds.has(id)) {
      inFrontOf.set(id, waiting);
      waiting = [];
    } else waiting.push(id);
  }
  const lastKnown = [...listed].reverse().find((id) => known.has(id));
  const result: string[] = lastKnown === undefined ? [...waiting] : [];
  for (const id of listed) {
    result.push(...(inFrontOf.get(id) ?? []), id);
    if (id === lastKnown) result.push(...waiting);
  }
  return result;
}

/**
 * The files that come back, put among those listed where the order seen has them: each before the first listed
 * file that followed it there (else after the nearest listed one before it). `unknown`: the files coming back the
 * order does not have (their place is not known: they go in front of the files listed, and the caller may say so).
 */
export function inOrderSeen<F extends { id: string }>(
  order: readonly string[],
  back: readonly F[],
  listed: readonly F[],
): { files: F[]; unknown: F[] } {
  const at = new Map(order.map((id, index) => [id, index] as const));
  const unknown = back.filter((file) => !at.has(file.id));
  const files = [...unknown, ...listed];
  const placed = back.filter((file) => at.has(file.id)).sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  for (const file of placed) {
    const index = at.get(file.id)!;
    const next = files.findIndex((listedFile) => (at.get(listedFile.id) ?? -1) > index);
    const before = files.reduce((last, listedFile, i) => ((at.get(listedFile.id) ?? Infinity) < index ? i : last), -1);
    const insertAt = next >= 0 ? next : before + 1;
    files.splice(insertAt, 0, file);
  }
  return { files, unknown };
}
