import { useFetchers } from "@remix-run/react";
import { useHeldFor } from "~/components/shell/useShownLater";
import { fileListIntents } from "~/lib/merger/fileListIntents";

/**
 * How long adding files may take before the screen shows it is at work (the drop zone busy). A typical set is
 * merged before then: its screen renders once, with the result, and nothing flashes.
 */
export const busyShownAfterMs = 300;

/** True while added files are listed, read and merged, once that has taken busyShownAfterMs. */
export function useAddingFiles(): boolean {
  const adding = useFetchers().some(
    (fetcher) => fetcher.state !== "idle" && fetcher.formData?.get("intent") === fileListIntents.add,
  );
  return useHeldFor(adding, busyShownAfterMs);
}
