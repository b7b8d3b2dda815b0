import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addFilesFormData, nextPastedFileName, takeWaitingFiles } from "~/lib/merger/browser/addedFiles";
import { fileListIntents } from "~/lib/merger/fileListIntents";

describe("nextPastedFileName", () => {
  it("starts at pasted-1.txt", () => {
    expect(nextPastedFileName([])).toBe("pasted-1.txt");
    expect(nextPastedFileName(["standard.txt", "KUNDESPEC/pasted-1.txt"])).toBe("pasted-1.txt");
  });

  it("goes one past the highest listed, also across a gap", () => {
    expect(nextPastedFileName(["pasted-1.txt", "pasted-2.txt"])).toBe("pasted-3.txt");
    expect(nextPastedFileName(["pasted-4.txt", "a.txt"])).toBe("pasted-5.txt");
    expect(nextPastedFileName(["pasted-9.txt", "pasted-10.txt"])).toBe("pasted-11.txt");
  });

  it("never gives a name that is listed", () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.nat(50).map((n) => `pasted-${n}.txt`),
            fc.string(),
          ),
        ),
        (paths) => {
          expect(paths).not.toContain(nextPastedFileName(paths));
        },
      ),
    );
  });
});

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
