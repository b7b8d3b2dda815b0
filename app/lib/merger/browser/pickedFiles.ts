import { fromEvent } from "file-selector";
import type { IncomingParameterFile } from "./addedFiles";

/**
 * A picked or dropped file, handed to the drop zone without its size. Chromium reads a size from disk, one
 * file at a time, on the main thread the first time it is asked (0.5–1 ms a file): the drop zone's size check
 * asked for all of them at once, a 230 ms freeze for 300 files. The set's size is read later, in slices.
 */
interface FileWithoutSize {
  readonly parameterFile: IncomingParameterFile;
  readonly name: string;
  readonly type: string;
  readonly path?: string;
}

const withoutSize = (file: IncomingParameterFile): FileWithoutSize => ({
  parameterFile: file,
  name: file.name,
  type: file.type,
  path: file.path,
});

/** What the drop zone lists for a drop or a pick: the files (with the paths of dropped folders), sizes unread. */
export async function filesFromDropEvent(event: Parameters<typeof fromEvent>[0]): Promise<(File | DataTransferItem)[]> {
  const found = await fromEvent(event);
  // While a drag is over the zone, the browser lists items, not files: those pass as they are.
  return found.map((entry) => (entry instanceof File ? (withoutSize(entry) as unknown as File) : entry));
}

/** The files themselves, back from what the drop zone handed on. */
export function parameterFilesOf(dropped: readonly File[]): IncomingParameterFile[] {
  return dropped.map((entry) => (entry as unknown as Partial<FileWithoutSize>).parameterFile ?? entry);
}

/** The files of a drop that the drop zone did not take (earlyInput.ts), as the zone would hand them on. */
export async function filesOfDrop(drop: DragEvent): Promise<IncomingParameterFile[]> {
  // Read at a drop, not during a drag, the list holds files only.
  return parameterFilesOf((await filesFromDropEvent(drop)) as File[]);
}
