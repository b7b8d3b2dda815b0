import { describe, expect, it } from "vitest";
import { getToast, jsonWithError } from "~/lib/shell/browser/toastSession";

const anyRequest = () => new Request("http://localhost/files");

describe("toast session in document.cookie", () => {
  it("hands a toast from an action to the next loader exactly once", async () => {
    await jsonWithError({ added: 0 }, "Wrong file format. Text files only!");

    const first = await getToast(anyRequest());
    expect(first.toast).toEqual({ type: "error", message: "Wrong file format. Text files only!" });

    const second = await getToast(anyRequest());
    expect(second.toast).toBeUndefined();
    expect(document.cookie).not.toContain("toolbox-toast");
  });

  it("returns the action's data untouched", async () => {
    const response = await jsonWithError({ added: 2 }, "File already imported!");
    expect(await response.json()).toEqual({ added: 2 });
  });

  it("ignores a damaged cookie instead of failing", async () => {
    document.cookie = "toolbox-toast=%7Bnot-json; path=/";
    expect((await getToast(anyRequest())).toast).toBeUndefined();
  });
});
