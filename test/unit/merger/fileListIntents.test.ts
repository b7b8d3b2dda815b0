/** The answer to one file's delete: it always says what happened, and whether Undo can bring the file back (J5). */
import { describe, expect, it } from "vitest";
import { deletedOneAnswer } from "~/lib/merger/fileListIntents";

describe("deletedOneAnswer", () => {
  const file = { id: "a-id", path: "a.txt" };

  it("offers Undo when the file's bytes are at hand", () => {
    expect(deletedOneAnswer(file, "offered")).toEqual({ deleted: { id: "a-id", path: "a.txt" } });
  });

  it("says a file whose contents went with the browser's storage is deleted and cannot be brought back", () => {
    expect(deletedOneAnswer(file, "contentsGone")).toEqual({
      cautions: [
        {
          message: "a.txt deleted.",
          description:
            "This file cannot be brought back (the browser's storage was cleared, and its content with it): a.txt. To use it again, add it again.",
        },
      ],
    });
  });

  it("says a file whose stored bytes could not be read is deleted, and why there is no Undo", () => {
    expect(deletedOneAnswer(file, "bytesNotRead")).toEqual({
      cautions: [
        {
          message: "a.txt deleted.",
          description: "Undo is not offered: the browser could not read the file's stored content.",
        },
      ],
    });
  });
});
