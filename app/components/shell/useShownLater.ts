import { startTransition, useEffect, useState } from "react";
import { flushSync } from "react-dom";

/**
 * False until printing starts (the browser's "before print", or `showNow` from the screen's own Print button),
 * then true. For a print-only part (the code sheet): rendered while the first screen loads, or even when idle,
 * it costs a phone a long task in its first seconds for something few technicians print. Rendered at once when
 * printing starts, so the print has it.
 */
export function useShownForPrint(): { shown: boolean; showNow: () => void } {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const showNow = () => flushSync(() => setShown(true));
    window.addEventListener("beforeprint", showNow);
    return () => window.removeEventListener("beforeprint", showNow);
  }, []);
  return { shown, showNow: () => flushSync(() => setShown(true)) };
}

/**
 * False on the first render, true right after that render is painted. For a big part of a screen that
 * appears together with smaller ones (the merge preview's table next to the counts): the counts are
 * painted first, the big part follows in its own, interruptible render instead of holding them up.
 */
export function useShownAfterFirstPaint(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => startTransition(() => setShown(true)), []);
  return shown;
}

/**
 * True once `condition` has held for `delayMs`, false as soon as it no longer holds. For a busy sign:
 * a quick task ends before it would show (no flash of a spinner, and nothing rendered for it), a slow one
 * still gets it.
 */
export function useHeldFor(condition: boolean, delayMs: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!condition) return;
    const timer = setTimeout(() => setHeld(true), delayMs);
    return () => {
      clearTimeout(timer);
      setHeld(false);
    };
  }, [condition, delayMs]);
  return condition && held;
}

/**
 * True from the browser's "before print" to its "after print": a part that shows only what is in view (a
 * windowed list) prints whole. Rendered at once when printing starts, so the print has it.
 */
export function usePrinting(): boolean {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    const startPrinting = () => flushSync(() => setPrinting(true));
    const stopPrinting = () => setPrinting(false);
    window.addEventListener("beforeprint", startPrinting);
    window.addEventListener("afterprint", stopPrinting);
    return () => {
      window.removeEventListener("beforeprint", startPrinting);
      window.removeEventListener("afterprint", stopPrinting);
    };
  }, []);
  return printing;
}
