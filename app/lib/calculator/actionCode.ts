/**
 * The 5-digit code a unit expects for its potential-free relay outputs and its
 * alarm action (docs/behaviour.md#the-code): "17", the action digit, then the outputs as
 * a zero-padded 2-digit bitmask.
 */
import { z } from "zod";
import { characterForMessage } from "~/lib/merger/lineCharacters";
import { picturedCharacterName } from "./enteredCode";

export type PcbName = "POT_FREE_1" | "POT_FREE_2" | "POT_FREE_3" | "POT_FREE_4" | "POT_FREE_5" | "POT_FREE_6";

export interface RelayOutput {
  name: string;
  pcbName: PcbName;
  /** Bit of the 2-digit mask this output sets when closed. */
  bit: number;
}

/** Sorted by the number in pcbName: the order of this list is the order on screen. */
export const relayOutputs: readonly RelayOutput[] = [
  { name: "Operation Message", pcbName: "POT_FREE_1", bit: 0 },
  { name: "Alarm", pcbName: "POT_FREE_2", bit: 4 },
  { name: "Error", pcbName: "POT_FREE_3", bit: 5 },
  { name: "Filter Police", pcbName: "POT_FREE_4", bit: 3 },
  { name: "Filter 80%", pcbName: "POT_FREE_5", bit: 1 },
  { name: "Filter 100%", pcbName: "POT_FREE_6", bit: 2 },
];

/** docs/behaviour.md#outputs-and-actions: a switch that is off is "opened" (bit 0), on is "closed" (bit 1). */
export function relayStateWord(closed: boolean): "closed" | "opened" {
  return closed ? "closed" : "opened";
}

export type AlarmActionId = "no-action" | "alarm" | "error" | "error-with-shutdown";

export interface AlarmAction {
  /** Stable name for URLs and form values. */
  id: AlarmActionId;
  name: string;
  hint: string;
  digit: 1 | 2 | 3 | 5;
}

export const alarmActions: readonly AlarmAction[] = [
  { id: "no-action", name: "no action", hint: "nothing happens", digit: 1 },
  { id: "alarm", name: "alarm", hint: "display is orange, alarm symbol shown", digit: 2 },
  { id: "error", name: "error", hint: "display is red, error symbol shown", digit: 3 },
  {
    id: "error-with-shutdown",
    name: "error with shutdown",
    hint: "display is red, error symbol shown, unit stopped",
    digit: 5,
  },
];

/** Action digit when no action is selected. */
export const noActionSelectedDigit = 0;
export const codePrefix = "17";
export const codeLength = 5;
export const highestOutputMask = 63;
export const defaultEnteredCode = "17101";

export interface CodeSelection {
  /** The closed outputs, in display order. */
  closedOutputs: readonly PcbName[];
  /** null: no action selected (action digit 0). */
  action: AlarmActionId | null;
}

export const emptySelection: CodeSelection = { closedOutputs: [], action: null };

export function findAlarmAction(id: AlarmActionId | null): AlarmAction | undefined {
  return alarmActions.find((action) => action.id === id);
}

export function outputMask(closedOutputs: readonly PcbName[]): number {
  return relayOutputs.reduce(
    (mask, output) => (closedOutputs.includes(output.pcbName) ? mask | (1 << output.bit) : mask),
    0,
  );
}

export function actionDigit(action: AlarmActionId | null): number {
  return findAlarmAction(action)?.digit ?? noActionSelectedDigit;
}

export function encodeActionCode(selection: CodeSelection): string {
  const mask = String(outputMask(selection.closedOutputs)).padStart(2, "0");
  return `${codePrefix}${actionDigit(selection.action)}${mask}`;
}

/** The selection a valid code stands for. Assumes a code that passed actionCodeSchema. */
function selectionOfValidCode(code: string): CodeSelection {
  const digit = Number(code[2]);
  const mask = Number(code.slice(3));
  return {
    closedOutputs: relayOutputs.filter((output) => (mask & (1 << output.bit)) !== 0).map((output) => output.pcbName),
    action: alarmActions.find((action) => action.digit === digit)?.id ?? null,
  };
}

/** `incomplete` is a neutral hint (keep typing), `invalid` an error (this cannot be a code). */
type CodeProblemKind = "incomplete" | "invalid";

const validActionDigits = [noActionSelectedDigit, ...alarmActions.map((action) => action.digit)];

/**
 * One rule of the code format as its own zod refinement. The issue is fatal, so
 * the first rule a text breaks is the only message it gets, in the order below.
 */
function codeRule(kind: CodeProblemKind, holds: (text: string) => boolean, message: (text: string) => string) {
  return (text: string, context: z.RefinementCtx) => {
    if (!holds(text)) {
      context.addIssue({ code: z.ZodIssueCode.custom, message: message(text), params: { kind }, fatal: true });
    }
  };
}

const somethingTyped = codeRule(
  "incomplete",
  (text) => text !== "",
  () => `Type the ${codeLength}-digit code, e.g. ${defaultEnteredCode}.`,
);
const digitsOnly = codeRule(
  "invalid",
  (text) => /^\d*$/.test(text),
  // A space or an invisible character from a link or a paste is named, not quoted as `" "` or `""`.
  (text) => {
    const character = text.match(/\D/u)![0];
    return `A code has digits only: ${picturedCharacterName(character) ?? characterForMessage(character)} is not a digit.`;
  },
);
const allDigitsTyped = codeRule(
  "incomplete",
  (text) => text.length >= codeLength,
  (text) => `${text.length} of ${codeLength} digits typed.`,
);
/** What is wrong with a code of this many characters, past the five a code has. */
export const codeTooLongProblem = (length: number) =>
  `A code has exactly ${codeLength} digits; this one has ${length}.`;

/**
 * Said under a full code field when more was typed: the field holds `held` (as it shows it) and decodes that, so
 * the note says what went, not that the code is too long, and to check the code read off the unit.
 */
export const codeTypedPastLength = (held: string) =>
  `Only ${codeLength} characters fit: what you typed past them was left out. Check ${held} against the unit.`;

const notTooLong = codeRule(
  "invalid",
  (text) => text.length <= codeLength,
  (text) => codeTooLongProblem(text.length),
);
const startsWithPrefix = codeRule(
  "invalid",
  (text) => text.startsWith(codePrefix),
  (text) => `A code starts with ${codePrefix}; this one starts with ${text.slice(0, 2)}.`,
);
const knownActionDigit = codeRule(
  "invalid",
  (text) => validActionDigits.includes(Number(text[2])),
  (text) => `The 3rd digit is the action and must be 0, 1, 2, 3 or 5; ${text[2]} is not an action.`,
);
const outputMaskInRange = codeRule(
  "invalid",
  (text) => Number(text.slice(3)) <= highestOutputMask,
  (text) => `The last two digits are the outputs and go from 00 to ${highestOutputMask}; ${text.slice(3)} is too high.`,
);

/** Validates a typed code and turns it into the selection it stands for. */
export const actionCodeSchema = z
  .string()
  .superRefine(somethingTyped)
  .superRefine(digitsOnly)
  .superRefine(allDigitsTyped)
  .superRefine(notTooLong)
  .superRefine(startsWithPrefix)
  .superRefine(knownActionDigit)
  .superRefine(outputMaskInRange)
  .transform((code) => ({ code, selection: selectionOfValidCode(code) }));

export type CodeReading =
  | { status: "valid"; code: string; selection: CodeSelection }
  | { status: "incomplete"; hint: string; selection: CodeSelection }
  | { status: "invalid"; problem: string; selection: CodeSelection };

/** Reads what a technician typed. Never throws; an unusable code selects nothing. */
export function readActionCode(text: string): CodeReading {
  const parsed = actionCodeSchema.safeParse(text);
  if (parsed.success) return { status: "valid", ...parsed.data };
  const issue = parsed.error.issues[0];
  const message = issue?.message ?? "This is not a valid code.";
  const kind = issue && "params" in issue ? (issue.params as { kind?: string } | undefined)?.kind : undefined;
  return kind === "incomplete"
    ? { status: "incomplete", hint: message, selection: emptySelection }
    : { status: "invalid", problem: message, selection: emptySelection };
}
