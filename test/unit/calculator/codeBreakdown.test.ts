import { describe, expect, it } from "vitest";
import { alarmActions, relayOutputs, type AlarmActionId, type CodeSelection } from "~/lib/calculator/actionCode";
import { codeBreakdown } from "~/lib/calculator/codeBreakdown";

const selectionOfMask = (mask: number, action: AlarmActionId | null = null): CodeSelection => ({
  closedOutputs: relayOutputs.filter((output) => mask & (1 << output.bit)).map((output) => output.pcbName),
  action,
});

describe("how a code is built", () => {
  it("gives each output the weight of its bit, in display order", () => {
    expect(codeBreakdown(selectionOfMask(0)).outputs.map(({ output, weight }) => [output.pcbName, weight])).toEqual([
      ["POT_FREE_1", 1],
      ["POT_FREE_2", 16],
      ["POT_FREE_3", 32],
      ["POT_FREE_4", 8],
      ["POT_FREE_5", 2],
      ["POT_FREE_6", 4],
    ]);
  });

  it("writes 17235's outputs as 35 = 32 + 2 + 1 and 100011", () => {
    const breakdown = codeBreakdown(selectionOfMask(35, "alarm"));
    expect(breakdown).toMatchObject({ mask: 35, sumText: "35 = 32 + 2 + 1", binary: "100011" });
    expect(breakdown).toMatchObject({ actionDigit: 2, actionName: "alarm" });
  });

  it("says when nothing is closed and no action is selected", () => {
    expect(codeBreakdown(selectionOfMask(0))).toMatchObject({
      sumText: "0 = all opened",
      binary: "000000",
      actionDigit: 0,
      actionName: "none selected",
    });
  });

  it("names every action with its digit", () => {
    for (const action of alarmActions) {
      expect(codeBreakdown(selectionOfMask(0, action.id))).toMatchObject({
        actionDigit: action.digit,
        actionName: action.name,
      });
    }
  });

  it("adds up and reads back in binary for all 64 masks", () => {
    for (let mask = 0; mask < 64; mask++) {
      const breakdown = codeBreakdown(selectionOfMask(mask));
      expect(breakdown.mask).toBe(mask);

      // The sum: the closed outputs' weights, largest first, adding up to the number.
      const [number, sum] = breakdown.sumText.split(" = ");
      expect(Number(number)).toBe(mask);
      const closedWeights = breakdown.outputs.filter((entry) => entry.closed).map((entry) => entry.weight);
      if (mask === 0) expect(sum).toBe("all opened");
      else {
        const terms = sum!.split(" + ").map(Number);
        expect(terms).toEqual([...closedWeights].sort((a, b) => b - a));
        expect(terms.reduce((total, term) => total + term, 0)).toBe(mask);
      }

      // Binary: six digits, bit 5 on the left, a 1 exactly where an output is closed.
      expect(breakdown.binary).toMatch(/^[01]{6}$/);
      expect(parseInt(breakdown.binary, 2)).toBe(mask);
      for (const { output, closed } of breakdown.outputs) {
        expect(breakdown.binary[5 - output.bit]).toBe(closed ? "1" : "0");
      }
    }
  });
});
