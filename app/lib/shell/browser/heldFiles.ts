/**
 * Files a screen hands to its route's action beside the form instead of in it; the form carries their key. In the
 * form data the router would encode them into one multipart body that the action parses back: a 70 MB set copied
 * twice, and in WebKit a 0-byte file (what an interrupted card write leaves) fails the parse ("Unable to read form
 * data file"), which took the whole screen down. The files may still be coming (a dropped folder being listed): the
 * form is sent at once, so the action takes its turn from the moment of the drop.
 */
const heldFiles = new Map<string, Promise<readonly File[]>>();
let heldCount = 0;

/** Holds the files for the action; the key goes in the form. */
export function holdFiles(files: readonly File[] | Promise<readonly File[]>): string {
  const key = `held-${++heldCount}`;
  heldFiles.set(key, Promise.resolve(files));
  return key;
}

/** The files held under a form's key (once: they are then the action's); none for another key. */
export async function takeHeldFiles(key: FormDataEntryValue | null): Promise<File[]> {
  if (typeof key !== "string") return [];
  const files = heldFiles.get(key);
  heldFiles.delete(key);
  return files ? [...(await files)] : [];
}
