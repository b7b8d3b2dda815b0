import { describe, expect, it } from "vitest";
import { addFilesFormData, pastedTextFile } from "~/lib/merger/browser/addedFiles";
import { fileListIntents, readFileListRequest } from "~/lib/merger/fileListIntents";
import { takeHeldFiles } from "~/lib/shell/browser/heldFiles";

describe("addFilesFormData", () => {
  it("holds the files beside the form, once, as the browser handed them over (with a dropped file's path)", async () => {
    const dropped = Object.assign(new File(["P1;1"], "kunde.txt", { type: "" }), { path: "/KUNDESPEC/kunde.txt" });
    const pasted = pastedTextFile("P2;2", "pasted-1.txt");
    const formData = addFilesFormData([dropped, pasted]);
    expect(readFileListRequest(formData)).toEqual({ intent: fileListIntents.add, file: [], fileInfo: [] });
    // The files themselves wait for the action outside the form (no multipart copy), once.
    expect(formData.getAll("file")).toEqual([]);
    const batch = formData.get("batch");
    const held = await takeHeldFiles(batch);
    expect(held).toEqual([dropped, pasted]);
    expect(held.map((file) => (file as File & { path?: string }).path)).toEqual(["/KUNDESPEC/kunde.txt", undefined]);
    expect(await takeHeldFiles(batch)).toEqual([]);
  });

  it("sends the form at once while a dropped folder is still being listed: the action takes the files when they come", async () => {
    let listed!: (files: File[]) => void;
    const listing = new Promise<File[]>((resolve) => (listed = resolve));
    const formData = addFilesFormData(listing, { takeOver: true });
    expect(readFileListRequest(formData)).toMatchObject({ intent: fileListIntents.add, takeOver: "1" });
    const taken = takeHeldFiles(formData.get("batch"));
    const file = new File(["P1\n1\n"], "a.txt", { type: "text/plain" });
    listed([file]);
    expect(await taken).toEqual([file]);
  });

  it("holds nothing for a form without a batch, or another form's", async () => {
    expect(await takeHeldFiles(null)).toEqual([]);
    expect(await takeHeldFiles("held-unknown")).toEqual([]);
  });
});
