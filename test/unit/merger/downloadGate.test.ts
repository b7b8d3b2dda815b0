import { describe, expect, it } from "vitest";
import { downloadBlocker, problemConfirmationLabel, problemsKeyOf } from "~/lib/merger/downloadGate";
import type { MergeProblem } from "~/lib/merger/parameterMerge";

const problem = (lineNumber: number, fileId = "a"): MergeProblem => ({
  kind: "not-a-code",
  fileId,
  path: `${fileId}.txt`,
  lineNumber,
  message: `Line ${lineNumber}: expected a parameter code`,
});

const clean = {
  fileCount: 2,
  parameterCount: 9,
  problemCount: 0,
  problemsKey: "0-811c9dc5",
  confirmedProblemsKey: null,
};

describe("when Download is allowed, and why not", () => {
  it("allows a merge with parameters and no problems", () => {
    expect(downloadBlocker(clean)).toBeNull();
  });

  it("asks for files first", () => {
    expect(downloadBlocker({ ...clean, fileCount: 0, parameterCount: 0 })).toBe("Add parameter files first.");
  });

  it("never writes an empty PAR.txt", () => {
    expect(downloadBlocker({ ...clean, parameterCount: 0 })).toBe(
      "There is nothing to write: the files hold no parameters (they are empty or only comments).",
    );
  });

  it("waits while added files are read: the counts on screen are not yet the merge's", () => {
    expect(downloadBlocker({ ...clean, filesBeingRead: true })).toBe("Wait until the added files are read.");
    expect(downloadBlocker({ ...clean, filesBeingRead: false })).toBeNull();
  });

  it("waits for the confirmation of exactly the current problems", () => {
    const problemsKey = problemsKeyOf([problem(3)]);
    const withProblem = { ...clean, problemCount: 1, problemsKey };
    expect(downloadBlocker({ ...withProblem, confirmedProblemsKey: null })).toBe(
      "Check the 1 problem first, then tick the box.",
    );
    expect(downloadBlocker({ ...withProblem, confirmedProblemsKey: problemsKeyOf([problem(4)]) })).not.toBeNull();
    expect(downloadBlocker({ ...withProblem, confirmedProblemsKey: problemsKey })).toBeNull();
  });
});

describe("problemsKeyOf", () => {
  it("tells apart lists of the same length that differ in file, line or kind", () => {
    const keys = new Set([
      problemsKeyOf([problem(3)]),
      problemsKeyOf([problem(4)]),
      problemsKeyOf([problem(3, "b")]),
      problemsKeyOf([{ ...problem(3), kind: "missing-value" }]),
    ]);
    expect(keys.size).toBe(4);
    expect(problemsKeyOf([problem(3)])).toBe(problemsKeyOf([problem(3)]));
  });

  it("labels the confirmation with the right plural", () => {
    expect(problemConfirmationLabel(1)).toBe("I have checked the 1 problem");
    expect(problemConfirmationLabel(2)).toBe("I have checked the 2 problems");
  });
});
