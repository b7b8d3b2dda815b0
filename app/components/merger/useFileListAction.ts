import { useFetcher } from "@remix-run/react";
import { useCallback } from "react";

/**
 * One mutation of /files with its own fetcher (as Remix intends): its pending state disables its button from the
 * click on (flushSync renders it at once, so a double click's second click finds it disabled), and its answer is
 * its own, whatever else runs meanwhile.
 */
export function useFileListAction<Data = unknown>() {
  const fetcher = useFetcher<Data>();
  const { submit } = fetcher;
  const run = useCallback(
    (fields: Record<string, string> | FormData) =>
      submit(fields, { method: "post", action: "/files", flushSync: true, preventScrollReset: true }),
    [submit],
  );
  return { run, busy: fetcher.state !== "idle", data: fetcher.data };
}
