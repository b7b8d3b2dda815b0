import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { alarmActions, relayOutputs } from "~/lib/calculator/actionCode";
import {
  calculatorSearch,
  readCalculatorQuery,
  searchAfterTabSwitch,
  shownCode,
} from "~/lib/calculator/calculatorQuery";
import { asciiDigits, enteredCodeText } from "~/lib/calculator/enteredCode";

const read = (search: string) => readCalculatorQuery(new URLSearchParams(search));

describe("calculator state in the URL", () => {
  it("opens I NEED with no outputs and no action (17100) on a bare /actions", () => {
    expect(read("")).toMatchObject({ tab: "need", needCode: "17100", enteredCode: "17101" });
  });

  it("opens I HAVE with the code decoded on /actions?code=17101", () => {
    const state = read("?code=17101");
    expect(state.tab).toBe("have");
    expect(state.enteredCodeReading).toMatchObject({
      status: "valid",
      selection: { closedOutputs: ["POT_FREE_1"], action: "no-action" },
    });
  });

  it("reads the I NEED selection", () => {
    const state = read("?tab=need&output=POT_FREE_2&output=POT_FREE_6&action=alarm");
    expect(state.needSelection).toEqual({ closedOutputs: ["POT_FREE_2", "POT_FREE_6"], action: "alarm" });
    expect(state.needCode).toBe("17220");
  });

  it("ignores unknown outputs and actions in a hand-edited link", () => {
    const state = read("?tab=need&output=POT_FREE_9&output=POT_FREE_1&action=explode");
    expect(state.needSelection).toEqual({ closedOutputs: ["POT_FREE_1"], action: null });
  });

  it("keeps an invalid typed code and says what is wrong", () => {
    expect(read("?code=17401").enteredCodeReading).toMatchObject({ status: "invalid" });
  });

  it("reads a linked code like a typed or pasted one: any script's digits, whitespace at its ends gone", () => {
    for (const code of ["１７１０１", "١٧١٠١", "۱۷۱۰۱", "17101\n", " 17101\r\n"]) {
      const state = read(`?code=${encodeURIComponent(code)}`);
      expect(state.enteredCode).toBe("17101");
      expect(shownCode(state)).toBe("17101");
    }
  });

  it("reads a link naming several codes as no code, and says which it names, rather than take the first", () => {
    const state = read("?code=17101&code=17235");
    expect(state).toMatchObject({ tab: "have", enteredCode: "" });
    expect(state.enteredCodeReading).toEqual({
      status: "invalid",
      problem: "This link names 2 codes, 17101 and 17235, and opens one: type the code you mean.",
      selection: { closedOutputs: [], action: null },
    });
    expect(shownCode(state)).toBeNull();
    expect(read("?code=17101&code=17235&code=17%0A101").enteredCodeReading).toMatchObject({
      problem: "This link names 3 codes, 17101, 17235 and 17␊101, and opens one: type the code you mean.",
    });
    // The same code twice names one code.
    expect(shownCode(read("?code=17101&code=%EF%BC%91%EF%BC%97%EF%BC%91%EF%BC%90%EF%BC%91"))).toBe("17101");
    // An empty field beside a code names no code (a form's unfilled second field).
    expect(shownCode(read("?code=17101&code="))).toBe("17101");
    expect(shownCode(read("?code=&code=17101"))).toBe("17101");
    // A right-to-left override in a linked code cannot turn the message around.
    expect(read("?code=1&code=%E2%80%AE17101").enteredCodeReading).toMatchObject({
      problem: "This link names 2 codes, 1 and <U+202E>17101, and opens one: type the code you mean.",
    });
  });

  it("names a character a linked code holds that would show as nothing", () => {
    expect(read("?code=17101%E2%80%8B").enteredCodeReading).toMatchObject({
      problem: "A code has digits only: a zero width space (U+200B) is not a digit.",
    });
    expect(read("?code=17%0A101").enteredCodeReading).toMatchObject({
      problem: "A code has digits only: a line break (U+000A, shown as ␊) is not a digit.",
    });
  });

  it("shows no code for a linked code, or the code that is the digits of the link", () => {
    const codeLike = fc.oneof(
      fc.string({ unit: "grapheme" }),
      fc.string({ unit: fc.constantFrom(..."0123456789 \n١７\u200b") }).map((rest) => `17${rest}`),
    );
    fc.assert(
      fc.property(codeLike, (code) => {
        const shown = shownCode(read(`?${new URLSearchParams({ code }).toString()}`));
        if (shown !== null) expect(shown).toBe(asciiDigits(code).replace(/\D/g, ""));
      }),
    );
  });

  it("clears everything on a tab switch: I NEED shows 17000, I HAVE keeps the typed code", () => {
    const state = read("?tab=need&output=POT_FREE_1&action=error&code=17235");
    expect(read(searchAfterTabSwitch(state, "need"))).toMatchObject({ tab: "need", needCode: "17000" });
    expect(read(searchAfterTabSwitch(state, "have"))).toMatchObject({ tab: "have", enteredCode: "17235" });
  });

  it("reads back any state it writes", () => {
    const pcbNames = relayOutputs.map((output) => output.pcbName);
    const actionIds = [null, ...alarmActions.map((action) => action.id)];
    fc.assert(
      fc.property(
        fc.subarray(pcbNames),
        fc.constantFrom(...actionIds),
        // The screen writes a code only as entered (enteredCodeText): that is what it reads back.
        fc.string({ maxLength: 6 }).map(enteredCodeText),
        fc.constantFrom("need" as const, "have" as const),
        (closedOutputs, action, enteredCode, tab) => {
          const state = read(calculatorSearch({ tab, needSelection: { closedOutputs, action }, enteredCode }));
          expect(state.tab).toBe(tab);
          expect(state.enteredCode).toBe(enteredCode);
          if (tab === "need") expect(state.needSelection).toEqual({ closedOutputs, action });
        },
      ),
    );
  });
});
