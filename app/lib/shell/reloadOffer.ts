/**
 * What the app says where it offers a reload (a new version waits, a screen broke): a reload keeps what the
 * browser stored and loses what this tab holds only, so the offer names that instead of "your files are kept".
 * `heldOnlyInTab` is what each feature says a reload would lose (browser/heldOnlyInTab.ts).
 */
export const newVersionTitle = "A new version is available";

function lost(heldOnlyInTab: readonly string[]): string {
  return `A reload now loses what this tab could not store: ${heldOnlyInTab.join("; ")}.`;
}

export function newVersionText(heldOnlyInTab: readonly string[]): string {
  return heldOnlyInTab.length === 0
    ? "Reload when you are ready; your files are kept."
    : `${lost(heldOnlyInTab)} Reload once you no longer need it.`;
}

export function screenErrorReloadText(heldOnlyInTab: readonly string[]): string {
  return heldOnlyInTab.length === 0
    ? "Your files and settings are kept. Reload the page to try again."
    : `${lost(heldOnlyInTab)} Reload the page to try again.`;
}
