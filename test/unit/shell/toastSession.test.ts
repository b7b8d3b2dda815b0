import { describe, expect, it } from "vitest";
import { jsonWithError, jsonWithSuccess, waitingToast } from "~/lib/shell/browser/toastSession";
import { forgetShownToast } from "~/lib/shell/browser/toastStorage";

/** Where the app keeps a waiting toast (docs/architecture.md, "What is kept where"). */
const toastKey = "technician-toolbox:waiting-toast";

const anyRequest = () => new Request("http://localhost/files");

describe("toast session in the tab's sessionStorage", () => {
  it("keeps a toast from an action for every loader until the screen has shown it", async () => {
    await jsonWithError({ added: 0 }, "Wrong file format. Text files only!");

    // A loader run the router drops, then the one whose result is shown: both read the same toast.
    const dropped = await waitingToast(anyRequest());
    const shown = await waitingToast(anyRequest());
    expect(shown).toEqual({ type: "error", message: "Wrong file format. Text files only!", id: dropped!.id });

    forgetShownToast(shown!.id);
    expect(await waitingToast(anyRequest())).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(document.cookie).toBe("");
  });

  it("gives each toast its own id, and showing an older one leaves a newer one waiting", async () => {
    await jsonWithSuccess(null, "File added.");
    const older = await waitingToast(anyRequest());
    await jsonWithSuccess(null, "File added.");
    const newer = await waitingToast(anyRequest());
    expect(newer!.id).not.toBe(older!.id);

    forgetShownToast(older!.id);
    expect(await waitingToast(anyRequest())).toEqual(newer);
    forgetShownToast(newer!.id);
  });

  it("returns the action's data untouched", async () => {
    const response = await jsonWithError({ added: 2 }, "File already imported!");
    expect(await response.json()).toEqual({ added: 2 });
    forgetShownToast((await waitingToast(anyRequest()))!.id);
  });

  it.each(["{not-json", "[1]", "null", JSON.stringify({ __flash_flash__: { toast: { message: 7 } } })])(
    "removes damaged data (%s) instead of failing",
    async (stored) => {
      sessionStorage.setItem(toastKey, stored);
      expect(await waitingToast(anyRequest())).toBeNull();
      expect(sessionStorage.length).toBe(0);
    },
  );

  it("ignores a toast cookie another app on this host, or an earlier version, left", async () => {
    document.cookie = `toolbox-toast=${encodeURIComponent(
      JSON.stringify({ __flash_flash__: { toast: { type: "success", message: "Message from another app" } } }),
    )}; path=/`;
    expect(await waitingToast(anyRequest())).toBeNull();
  });
});
