import { describe, expect, it } from "vitest";
import { mergeChecks } from "~/lib/merger/mergeChecks";
import { mergeParameterFiles } from "~/lib/merger/parameterMerge";
import { inputFileOf as fileOf } from "./mergedParameters";

describe("the list of checks", () => {
  it("makes a mistyped code, disagreeing customer files, hidden characters, a value like a code or a comment and a value outside the catalogue's limits or choices problems, the rest notes", () => {
    expect(Object.entries(mergeChecks).map(([name, check]) => [name, check.severity])).toEqual([
      ["mistyped-code", "problem"],
      ["customer-conflict", "problem"],
      ["override-unchanged", "note"],
      ["value-format", "note"],
      ["hidden-characters", "problem"],
      ["unusual-characters", "note"],
      ["value-like-code", "problem"],
      ["value-like-comment", "problem"],
      ["outside-limits", "problem"],
      ["not-among-choices", "problem"],
      ["not-in-catalogue", "note"],
    ]);
  });
});

describe("checks on a merge", () => {
  const result = mergeParameterFiles([
    fileOf("standard/a.txt", "P1\n5\nP2\n1.5\nP3\n7\n"),
    fileOf("KUNDESPEC/k1.txt", "P1\n5\nP2\n1,5\nP3\n8\n"),
    fileOf("KUNDESPEC/k2.txt", "P3\n9\nP4\nPool\tA\n"),
  ]);

  it("names each finding with its file, line and code, in PAR.txt order", () => {
    expect(
      result.checks.map(({ kind, code, path, lineNumber, severity }) => [kind, code, path, lineNumber, severity]),
    ).toEqual([
      ["override-unchanged", "P1", "KUNDESPEC/k1.txt", 1, "note"],
      ["value-format", "P2", "KUNDESPEC/k1.txt", 3, "note"],
      ["customer-conflict", "P3", "KUNDESPEC/k2.txt", 1, "problem"],
      ["unusual-characters", "P4", "KUNDESPEC/k2.txt", 3, "note"],
    ]);
  });

  it("puts only the problems among the merge's problems", () => {
    expect(result.problems.map((problem) => problem.kind)).toEqual(["customer-conflict"]);
  });

  it("does not call two customer files that agree a conflict", () => {
    const agreeing = mergeParameterFiles([
      fileOf("KUNDESPEC/k1.txt", "P1\n5\n"),
      fileOf("KUNDESPEC/k2.txt", "P1\n5\n"),
    ]);
    expect(agreeing.checks).toEqual([]);
    // Customer files alone are a problem of their own: the unit would lose every standard parameter.
    expect(agreeing.problems.map((problem) => problem.kind)).toEqual(["no-standard-file", "duplicate-code"]);
  });
});
