import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  actionCodeSchema,
  alarmActions,
  encodeActionCode,
  readActionCode,
  relayOutputs,
  relayStateWord,
  type AlarmActionId,
  type CodeSelection,
  type PcbName,
} from "~/lib/calculator/actionCode";

const codeOf = (closedOutputs: PcbName[], action: AlarmActionId | null) => encodeActionCode({ closedOutputs, action });

describe("the output and action tables", () => {
  it("give each output the bit docs/behaviour.md assigns", () => {
    // docs/behaviour.md: bit 0 POT_FREE_1, 1 POT_FREE_5, 2 POT_FREE_6, 3 POT_FREE_4, 4 POT_FREE_2, 5 POT_FREE_3
    expect(codeOf(["POT_FREE_1"], null)).toBe("17001");
    expect(codeOf(["POT_FREE_5"], null)).toBe("17002");
    expect(codeOf(["POT_FREE_6"], null)).toBe("17004");
    expect(codeOf(["POT_FREE_4"], null)).toBe("17008");
    expect(codeOf(["POT_FREE_2"], null)).toBe("17016");
    expect(codeOf(["POT_FREE_3"], null)).toBe("17032");
  });

  it("name the outputs as docs/behaviour.md does, sorted by pcbName", () => {
    expect(relayOutputs.map((output) => [output.name, output.pcbName])).toEqual([
      ["Operation Message", "POT_FREE_1"],
      ["Alarm", "POT_FREE_2"],
      ["Error", "POT_FREE_3"],
      ["Filter Police", "POT_FREE_4"],
      ["Filter 80%", "POT_FREE_5"],
      ["Filter 100%", "POT_FREE_6"],
    ]);
  });

  it("give each action its digit and hint", () => {
    expect(alarmActions.map((action) => [action.name, action.digit, action.hint])).toEqual([
      ["no action", 1, "nothing happens"],
      ["alarm", 2, "display is orange, alarm symbol shown"],
      ["error", 3, "display is red, error symbol shown"],
      ["error with shutdown", 5, "display is red, error symbol shown, unit stopped"],
    ]);
  });

  it("calls an off switch opened and an on switch closed", () => {
    expect(relayStateWord(false)).toBe("opened");
    expect(relayStateWord(true)).toBe("closed");
  });
});

describe("encoding", () => {
  it("gives the examples of the spec", () => {
    expect(codeOf([], "no-action")).toBe("17100");
    expect(codeOf(["POT_FREE_1"], "no-action")).toBe("17101");
    expect(codeOf([], null)).toBe("17000");
    expect(
      codeOf(
        ["POT_FREE_1", "POT_FREE_2", "POT_FREE_3", "POT_FREE_4", "POT_FREE_5", "POT_FREE_6"],
        "error-with-shutdown",
      ),
    ).toBe("17563");
  });
});

describe("decoding", () => {
  const actionStates: (AlarmActionId | null)[] = [null, ...alarmActions.map((action) => action.id)];

  it("turns each of the 64 masks × 5 action states back into its own selection", () => {
    for (let mask = 0; mask < 64; mask++) {
      for (const action of actionStates) {
        const closedOutputs = relayOutputs.filter((output) => mask & (1 << output.bit)).map((output) => output.pcbName);
        const selection: CodeSelection = { closedOutputs, action };
        const reading = readActionCode(encodeActionCode(selection));
        expect(reading).toEqual({ status: "valid", code: encodeActionCode(selection), selection });
      }
    }
  });

  it("decodes or rejects every string 00000–99999 with a message, never throwing", () => {
    let valid = 0;
    for (let number = 0; number <= 99_999; number++) {
      const reading = readActionCode(String(number).padStart(5, "0"));
      if (reading.status === "valid") valid++;
      else expect(reading.status === "invalid" && reading.problem.length > 0).toBe(true);
    }
    expect(valid).toBe(5 * 64);
  }, 120_000); // 100,000 parses: a second on a quiet machine, half a minute on a busy 2-core one

  it("never throws on any text and selects nothing unless the code is valid", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), (text) => {
        const reading = readActionCode(text);
        if (reading.status !== "valid") expect(reading.selection).toEqual({ closedOutputs: [], action: null });
      }),
    );
  });

  it("decodes action digit 0 as no action selected", () => {
    expect(readActionCode("17063")).toMatchObject({ status: "valid", selection: { action: null } });
  });

  it.each([
    ["17a01", 'A code has digits only: "a" is not a digit.'],
    ["171011", "A code has exactly 5 digits; this one has 6."],
    ["17 01", "A code has digits only: a space (U+0020) is not a digit."],
    ["17101\u200b", "A code has digits only: a zero width space (U+200B) is not a digit."],
    ["17101\u00a0", "A code has digits only: a no-break space (U+00A0) is not a digit."],
    ["1710\ufeff", "A code has digits only: a byte order mark (U+FEFF) is not a digit."],
    // The code input cannot hold a line break: it shows its picture, and the message names both.
    ["17\n101", "A code has digits only: a line break (U+000A, shown as ␊) is not a digit."],
    ["17\r101", "A code has digits only: a carriage return (U+000D, shown as ␍) is not a digit."],
    ["17=01", 'A code has digits only: "=" is not a digit.'],
    ["17\u{1F600}01", 'A code has digits only: "\u{1F600}" is not a digit.'],
    ["18101", "A code starts with 17; this one starts with 18."],
    ["17401", "The 3rd digit is the action and must be 0, 1, 2, 3 or 5; 4 is not an action."],
    ["17901", "The 3rd digit is the action and must be 0, 1, 2, 3 or 5; 9 is not an action."],
    ["17164", "The last two digits are the outputs and go from 00 to 63; 64 is too high."],
  ])("rejects %s: %s", (text, problem) => {
    expect(readActionCode(text)).toEqual({
      status: "invalid",
      problem,
      selection: { closedOutputs: [], action: null },
    });
  });

  it("reports only the first rule a text breaks, in the order the rules are listed", () => {
    for (const text of ["", "1", "x", "18", "1a2", "18x01", "186", "1899999", "17499", "1719"]) {
      const parsed = actionCodeSchema.safeParse(text);
      expect(parsed.success ? [] : parsed.error.issues).toHaveLength(1);
    }
    expect(readActionCode("18")).toMatchObject({ status: "incomplete", hint: "2 of 5 digits typed." });
    expect(readActionCode("18x")).toMatchObject({ problem: 'A code has digits only: "x" is not a digit.' });
    expect(readActionCode("184999")).toMatchObject({ problem: "A code has exactly 5 digits; this one has 6." });
    expect(readActionCode("18499")).toMatchObject({ problem: "A code starts with 17; this one starts with 18." });
    expect(readActionCode("17499")).toMatchObject({ problem: expect.stringMatching(/^The 3rd digit/) });
  });

  it("treats fewer than five digits as unfinished, not wrong", () => {
    expect(readActionCode("171")).toMatchObject({ status: "incomplete", hint: "3 of 5 digits typed." });
    expect(readActionCode("")).toMatchObject({ status: "incomplete", hint: "Type the 5-digit code, e.g. 17101." });
  });
});
