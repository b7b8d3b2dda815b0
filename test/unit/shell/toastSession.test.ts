import { describe, expect, it } from "vitest";
import { forgetShownToast } from "~/lib/shell/browser/toastCookie";
import { jsonWithError, jsonWithSuccess, waitingToast } from "~/lib/shell/browser/toastSession";

const anyRequest = () => new Request("http://localhost/files");

describe("toast session in document.cookie", () => {
  it("keeps a toast from an action for every loader until the screen has shown it", async () => {
    await jsonWithError({ added: 0 }, "Wrong file format. Text files only!");

    // A loader run the router drops, then the one whose result is shown: both read the same toast.
    const dropped = await waitingToast(anyRequest());
    const shown = await waitingToast(anyRequest());
    expect(shown).toEqual({ type: "error", message: "Wrong file format. Text files only!", id: dropped!.id });

    forgetShownToast(shown!.id);
    expect(await waitingToast(anyRequest())).toBeNull();
    expect(document.cookie).not.toContain("toolbox-toast");
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

  it("removes a damaged cookie instead of failing", async () => {
    document.cookie = "toolbox-toast=%7Bnot-json; path=/";
    expect(await waitingToast(anyRequest())).toBeNull();
    expect(document.cookie).not.toContain("toolbox-toast");
  });

  it("shows a toast an earlier version left, without an id, once", async () => {
    document.cookie = `toolbox-toast=${encodeURIComponent(
      JSON.stringify({ __flash_flash__: { toast: { type: "success", message: "File added." } } }),
    )}; path=/`;
    const toast = await waitingToast(anyRequest());
    expect(toast).toMatchObject({ type: "success", message: "File added." });
    forgetShownToast(toast!.id);
    expect(await waitingToast(anyRequest())).toBeNull();
  });
});
