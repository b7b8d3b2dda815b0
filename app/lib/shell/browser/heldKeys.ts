/** A held Enter presses a button once (the rule: shell/heldKeys.ts), on every screen. */
import { isHeldKeyRepeat } from "~/lib/shell/heldKeys";

function typesLines(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target instanceof HTMLTextAreaElement || target.isContentEditable);
}

/** Stops held keys' repeats before any button sees them; returns the way to stop doing so. */
export function pressOncePerKeyPress(root: Document): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (isHeldKeyRepeat(event, { typesLines: typesLines(event.target) })) {
      event.preventDefault();
      event.stopPropagation();
    }
  };
  root.addEventListener("keydown", onKeyDown, { capture: true });
  return () => root.removeEventListener("keydown", onKeyDown, { capture: true });
}
