import { useSyncExternalStore } from "react";
import { heldOnlyInTab, onHeldOnlyInTabChanged } from "~/lib/shell/browser/heldOnlyInTab";

/** What a reload would lose now (what this tab holds and storage does not), kept up to date. */
export function useHeldOnlyInTab(): readonly string[] {
  return useSyncExternalStore(onHeldOnlyInTabChanged, heldOnlyInTab, heldOnlyInTab);
}
