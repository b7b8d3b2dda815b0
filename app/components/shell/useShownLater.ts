import { startTransition, useEffect, useState } from "react";
import { flushSync } from "react-dom";
import { whenIdle } from "./whenIdle";

/**
 * False on the first render, true once the browser is idle after the screen is
 * shown (or at once when printing starts). For parts nobody sees at first, a
 * print-only sheet or a closed dialog: rendered later, in slices, they do not
 * hold up the first screen.
 */
export function useShownWhenIdle(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const showNow = () => flushSync(() => setShown(true));
    const cancel = whenIdle(() => startTransition(() => setShown(true)));
    window.addEventListener("beforeprint", showNow);
    return () => {
      cancel();
      window.removeEventListener("beforeprint", showNow);
    };
  }, []);
  return shown;
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
