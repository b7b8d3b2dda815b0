/**
 * How a code is built, for the screen to show beside the code: the weight each
 * output adds when closed, the 2-digit number as a sum of those weights and in
 * binary, and the action digit with its name.
 */
import {
  actionDigit,
  findAlarmAction,
  outputMask,
  relayOutputs,
  type CodeSelection,
  type RelayOutput,
} from "./actionCode";

/** Number of bits in the outputs mask (00–63). */
export const maskBits = relayOutputs.length;

/** What an output adds to the 2-digit number when it is closed (docs/behaviour.md#the-code: 2 to the power of its bit). */
export function outputWeight(output: RelayOutput): number {
  return 1 << output.bit;
}

export interface OutputInCode {
  output: RelayOutput;
  weight: number;
  closed: boolean;
}

export interface CodeBreakdown {
  /** Every output in display order, with its weight and whether it is closed. */
  outputs: OutputInCode[];
  mask: number;
  /** The number as a sum of the closed outputs' weights, largest first: `35 = 32 + 2 + 1`, or `0 = all opened`. */
  sumText: string;
  /** The number in binary, 6 digits, bit 5 on the left: `100011`. */
  binary: string;
  actionDigit: number;
  /** The action's name, or `none selected` for digit 0. */
  actionName: string;
}

export function codeBreakdown(selection: CodeSelection): CodeBreakdown {
  const outputs = relayOutputs.map((output) => ({
    output,
    weight: outputWeight(output),
    closed: selection.closedOutputs.includes(output.pcbName),
  }));
  const mask = outputMask(selection.closedOutputs);
  const weights = outputs
    .filter((entry) => entry.closed)
    .map((entry) => entry.weight)
    .sort((a, b) => b - a);
  return {
    outputs,
    mask,
    sumText: weights.length === 0 ? `${mask} = all opened` : `${mask} = ${weights.join(" + ")}`,
    binary: mask.toString(2).padStart(maskBits, "0"),
    actionDigit: actionDigit(selection.action),
    actionName: findAlarmAction(selection.action)?.name ?? "none selected",
  };
}
