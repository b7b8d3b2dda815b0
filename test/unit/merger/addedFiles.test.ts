import { describe, expect, it } from "vitest";
import { addFilesFormData, takeWaitingFiles } from "~/lib/merger/browser/addedFiles";
import { fileListIntents } from "~/lib/merger/fileListIntents";

describe("addFilesFormData", () => {
  it("sends each file with its path inside the folder and the type the browser reported", () => {
    const dropped = Object.assign(new File(["P1;1"], "kunde.txt", { type: "" }), { path: "/KUNDESPEC/kunde.txt" });
    const pasted = new File(["P2;2"], "pasted-1.txt", { type: "text/plain" });
    const formData = addFilesFormData([dropped, pasted]);
    expect(formData.get("intent")).toBe(fileListIntents.add);
    // The files themselves wait for the action outside the form (no multipart copy), once.
    expect(formData.getAll("file")).toEqual([]);
    const batch = formData.get("batch") as string;
    expect(takeWaitingFiles(batch).map((file) => file.name)).toEqual(["kunde.txt", "pasted-1.txt"]);
    expect(takeWaitingFiles(batch)).toEqual([]);
    const fileInfos = formData.getAll("fileInfo").map((info) => JSON.parse(info as string) as { id: string });
    expect(fileInfos).toEqual([
      { id: expect.any(String), name: "kunde.txt", path: "KUNDESPEC/kunde.txt", type: "" },
      { id: expect.any(String), name: "pasted-1.txt", path: "pasted-1.txt", type: "text/plain" },
    ]);
    // Each file has the id it is listed under while it is read, and keeps it.
    expect(new Set(fileInfos.map((info) => info.id)).size).toBe(2);
  });
});
