import { forgetShownToast } from "~/lib/shell/browser/toastStorage";
import { waitingToast, type WaitingToast } from "~/lib/shell/browser/toastSession";

/** The toast an action left, taken as the screen takes it once shown; undefined when none waits. */
export async function takeToast(): Promise<WaitingToast | undefined> {
  const toast = await waitingToast(new Request("http://localhost/"));
  if (toast) forgetShownToast(toast.id);
  return toast ?? undefined;
}
