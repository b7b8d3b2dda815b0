/**
 * The code calculator keeps its whole state in the URL, so a reload, back and
 * forward, and a shared link all show the same thing:
 *   /actions?code=17101                                   I HAVE the code, 17101 typed
 *   /actions?tab=need&output=POT_FREE_1&action=alarm      I NEED the code, that selection
 * A bare /actions opens I NEED with no outputs and "no action" (17100). With an
 * explicit tab=need and no action parameter, no action is selected (17000, as
 * after a tab switch): that is what a form with no radio checked submits.
 * A link naming several codes (?code=17101&code=17235) opens I HAVE with none of them: which one was meant
 * cannot be told, and taking the first would show a code without a word about the other.
 */
import { z } from "zod";
import {
  alarmActions,
  defaultEnteredCode,
  emptySelection,
  encodeActionCode,
  readActionCode,
  relayOutputs,
  type AlarmActionId,
  type CodeReading,
  type CodeSelection,
  type PcbName,
} from "./actionCode";
import { codeInputValue, enteredCodeText } from "./enteredCode";
import { withFormatCharactersShown } from "~/lib/shell/shownText";

export type CalculatorTab = "need" | "have";

/** What the URL holds: the tab, the I NEED selection and what is typed in the I HAVE input. */
export interface CalculatorInputs {
  tab: CalculatorTab;
  /** I NEED the code: what the technician selected. */
  needSelection: CodeSelection;
  /** I HAVE the code: what is typed in the code input. */
  enteredCode: string;
  /** The codes of a link that named more than one, until the technician changes anything. */
  linkedCodes?: readonly string[];
}

/** The inputs with what follows from them: the I NEED code and what the typed code decodes to. */
export interface CalculatorState extends CalculatorInputs {
  needCode: string;
  enteredCodeReading: CodeReading;
}

/** What is wrong with a link that names several codes; each is named as the code input would show it. */
export function severalLinkedCodesProblem(codes: readonly string[]): string {
  // A right-to-left override in a link would turn the rest of the message around: named by its code point.
  const shown = codes.map((code) => withFormatCharactersShown(codeInputValue(code)));
  const named = `${shown.slice(0, -1).join(", ")} and ${shown.at(-1)}`;
  return `This link names ${codes.length} codes, ${named}, and opens one: type the code you mean.`;
}

export function calculatorState(inputs: CalculatorInputs): CalculatorState {
  const { linkedCodes } = inputs;
  return {
    ...inputs,
    needCode: encodeActionCode(inputs.needSelection),
    enteredCodeReading:
      linkedCodes && linkedCodes.length > 1
        ? { status: "invalid", problem: severalLinkedCodesProblem(linkedCodes), selection: emptySelection }
        : readActionCode(inputs.enteredCode),
  };
}

/** The code the open tab shows: the I NEED code, or the typed code once it is valid. */
export function shownCode(state: CalculatorState): string | null {
  if (state.tab === "need") return state.needCode;
  return state.enteredCodeReading.status === "valid" ? state.enteredCodeReading.code : null;
}

const pcbNames = relayOutputs.map((output) => output.pcbName) as [PcbName, ...PcbName[]];
const actionIds = alarmActions.map((action) => action.id) as [AlarmActionId, ...AlarmActionId[]];

const calculatorQuerySchema = z.object({
  tab: z.enum(["need", "have"]).optional().catch(undefined),
  // Unknown output names in a hand-edited link are ignored, not fatal.
  output: z.array(z.string()).transform((names) => pcbNames.filter((pcbName) => names.includes(pcbName))),
  action: z.enum(actionIds).optional().catch(undefined),
  // Read like a typed or pasted code: `?code=١٧١٠١` and `?code=17101%0A` are 17101. The same code twice is one.
  code: z.array(z.string()).transform((codes) => [...new Set(codes.map(enteredCodeText))]),
});

export function readCalculatorQuery(searchParams: URLSearchParams): CalculatorState {
  const query = calculatorQuerySchema.parse({
    tab: searchParams.get("tab") ?? undefined,
    output: searchParams.getAll("output"),
    action: searchParams.get("action") ?? undefined,
    code: searchParams.getAll("code"),
  });
  // An empty field beside a code (a form's second, unfilled field) names no code.
  const linkedCodes = query.code.length > 1 ? query.code.filter((linked) => linked !== "") : query.code;
  const [code, ...otherCodes] = linkedCodes;
  const tab: CalculatorTab = query.tab ?? (code === undefined ? "need" : "have");
  const needSelection: CodeSelection = {
    closedOutputs: query.output,
    action: query.action ?? (query.tab === undefined ? "no-action" : null),
  };
  if (otherCodes.length > 0) return calculatorState({ tab, needSelection, enteredCode: "", linkedCodes });
  return calculatorState({ tab, needSelection, enteredCode: code ?? defaultEnteredCode });
}

/**
 * Whether the URL names a code someone chose (a typed or linked code on I HAVE,
 * a selection on I NEED), rather than a screen nobody has touched yet.
 */
export function queryNamesAChoice(searchParams: URLSearchParams): boolean {
  return readCalculatorQuery(searchParams).tab === "have"
    ? searchParams.has("code")
    : searchParams.has("output") || searchParams.has("action");
}

/** The query string of a calculator state, as readCalculatorQuery reads it back. */
export function calculatorSearch(state: CalculatorInputs): string {
  const searchParams = new URLSearchParams();
  if (state.tab === "need") {
    searchParams.set("tab", "need");
    state.needSelection.closedOutputs.forEach((pcbName) => searchParams.append("output", pcbName));
    if (state.needSelection.action) searchParams.set("action", state.needSelection.action);
  }
  searchParams.set("code", state.enteredCode);
  return `?${searchParams.toString()}`;
}

/**
 * Switching tab clears every output and action (docs/behaviour.md#i-need-the-code-and-i-have-the-code): I NEED then
 * shows 17000, I HAVE decodes the code that is typed in its input.
 */
export function inputsAfterTabSwitch(inputs: CalculatorInputs, tab: CalculatorTab): CalculatorInputs {
  return { tab, needSelection: { closedOutputs: [], action: null }, enteredCode: inputs.enteredCode };
}

export function searchAfterTabSwitch(inputs: CalculatorInputs, tab: CalculatorTab): string {
  return calculatorSearch(inputsAfterTabSwitch(inputs, tab));
}

/** The link that opens I HAVE the code with `code` decoded. */
export function linkToCode(origin: string, code: string): string {
  return `${origin}/actions?code=${encodeURIComponent(code)}`;
}
