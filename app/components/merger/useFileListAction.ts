import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef } from "react";

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

/**
 * The button of an action that is disabled while it works: a disabled button loses the keyboard's focus, so it gets
 * it back when the action ends (the next Undo, the next Download, by keyboard). When the action's answer takes the
 * button away (the last Undo), the keyboard goes where a delete of the last file sends it: "Select files". Focus the
 * technician put elsewhere meanwhile (the label field) stays there.
 */
export function useFocusBackAfter(busy: boolean) {
  const button = useRef<HTMLButtonElement>(null);
  const wasBusy = useRef(false);
  useEffect(() => {
    // Some browsers leave the focus on the disabled button, others move it to the page.
    if (wasBusy.current && !busy && (focusIsLost() || document.activeElement === button.current))
      button.current?.focus();
    wasBusy.current = busy;
  }, [busy]);
  useEffect(
    () => () => {
      if (wasBusy.current && focusIsLost()) document.querySelector<HTMLElement>("[data-focus-after-delete]")?.focus();
    },
    [],
  );
  return button;
}

/** Nothing has the keyboard's focus: the button that had it was disabled or taken away. */
const focusIsLost = () => document.activeElement === null || document.activeElement === document.body;
