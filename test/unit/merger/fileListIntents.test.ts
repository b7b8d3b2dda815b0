/** The forms /files reads: a Delete all and an Undo name the list they were shown from, or are not read at all. */
import { describe, expect, it } from "vitest";
import { fileListIntents, readFileListRequest } from "~/lib/merger/fileListIntents";

const formOf = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
};

describe("readFileListRequest", () => {
  it.each([fileListIntents.deleteAll, fileListIntents.undo])("reads the version a %s was shown from", (intent) => {
    expect(readFileListRequest(formOf({ intent, version: "7" }))).toEqual({ intent, version: 7 });
  });

  it.each([fileListIntents.deleteAll, fileListIntents.undo])(
    "refuses a %s that does not say which version it was shown from",
    (intent) => {
      expect(() => readFileListRequest(formOf({ intent }))).toThrow();
      expect(() => readFileListRequest(formOf({ intent, version: "7.5" }))).toThrow();
    },
  );

  it("reads Edit here, and an add of files opened with the app that takes editing over", () => {
    expect(readFileListRequest(formOf({ intent: fileListIntents.takeOver }))).toEqual({
      intent: fileListIntents.takeOver,
    });
    expect(readFileListRequest(formOf({ intent: fileListIntents.add, takeOver: "1" }))).toEqual({
      intent: fileListIntents.add,
      file: [],
      fileInfo: [],
      takeOver: "1",
    });
  });

  it("refuses the intents of the list kept before versions (Undo by deletion id, store again)", () => {
    for (const intent of ["undo-delete-all", "undo-delete", "store-again", "close-replaced-here"])
      expect(() => readFileListRequest(formOf({ intent, deletion: "d-1" }))).toThrow();
  });
});
