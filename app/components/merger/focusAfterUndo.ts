/**
 * Where the keyboard goes when an Undo notice that took it closes. The notice keeps what had the keyboard before
 * it; when it took the keyboard before the list could place it (the list renders after the notice), the list leaves
 * its place here instead of taking the keyboard from Undo.
 */
let waiting: HTMLElement | null = null;

/** The notice that an element is in: an Undo notice holding the keyboard. */
export const noticeOf = (element: Element | null) => element?.closest('[role="alert"]') ?? null;

export const focusAfterUndo = {
  leave(element: HTMLElement | null) {
    waiting = element;
  },
  take(): HTMLElement | null {
    const element = waiting;
    waiting = null;
    return element?.isConnected ? element : null;
  },
};
