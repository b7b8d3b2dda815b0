import { useLocation, useNavigate, useNavigationType, type Location } from "@remix-run/react";
import { useMemo, useState } from "react";
import type { CodeSelection } from "~/lib/calculator/actionCode";
import {
  calculatorSearch,
  calculatorState,
  inputsAfterTabSwitch,
  queryNamesAChoice,
  readCalculatorQuery,
  type CalculatorInputs,
  type CalculatorState,
  type CalculatorTab,
} from "~/lib/calculator/calculatorQuery";

/** Marks a history entry this hook wrote, so it can tell its own writes from back, forward and links. */
const ownWrite = { calculatorWrite: true } as const;

function isOwnWrite(state: unknown): boolean {
  return typeof state === "object" && state !== null && "calculatorWrite" in state;
}

interface Shown {
  inputs: CalculatorInputs;
  /** The code on screen was chosen (typed, switched, linked), not just the screen's starting state. */
  chosen: boolean;
  /** The history entry the inputs were last matched with. */
  locationKey: string;
}

function shownAt(location: Location): Shown {
  const searchParams = new URLSearchParams(location.search);
  const { tab, needSelection, enteredCode, linkedCodes } = readCalculatorQuery(searchParams);
  return {
    inputs: { tab, needSelection, enteredCode, linkedCodes },
    chosen: queryNamesAChoice(searchParams),
    locationKey: location.key,
  };
}

export interface CalculatorUrl {
  calculator: CalculatorState;
  chosen: boolean;
  chooseSelection(selection: CodeSelection): void;
  typeCode(text: string): void;
  switchTab(tab: CalculatorTab): void;
}

/**
 * The only place the calculator reads and writes its URL (docs/behaviour.md#calculator-urls).
 *
 * The screen shows local state, which every click and keystroke changes at
 * once; the URL is written after it, replacing the history entry. A URL write
 * lands a moment later than the keystroke that caused it, so the screen never
 * follows its own writes (that would drop characters typed meanwhile); it
 * follows the URL only when it changed from elsewhere: back, forward, a link.
 */
export function useCalculatorUrl(): CalculatorUrl {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const [shown, setShown] = useState(() => shownAt(location));

  let current = shown;
  if (location.key !== shown.locationKey) {
    const followsOwnWrite = navigationType !== "POP" && isOwnWrite(location.state);
    current = followsOwnWrite ? { ...shown, locationKey: location.key } : shownAt(location);
    // Adjusting state while rendering, as React recommends for state derived from a changed input.
    setShown(current);
  }

  const calculator = useMemo(() => calculatorState(current.inputs), [current.inputs]);

  function write({ tab, needSelection, enteredCode }: CalculatorInputs, chosen: boolean) {
    // Any change ends what a link of several codes said: the address written names one code.
    const inputs = { tab, needSelection, enteredCode };
    setShown({ inputs, chosen, locationKey: current.locationKey });
    navigate(calculatorSearch(inputs), { replace: true, preventScrollReset: true, state: ownWrite });
  }

  return {
    calculator,
    chosen: current.chosen,
    chooseSelection: (needSelection) => write({ ...current.inputs, tab: "need", needSelection }, true),
    typeCode: (enteredCode) => write({ ...current.inputs, tab: "have", enteredCode }, true),
    // A tab switch clears the selection (docs/behaviour.md#i-need-the-code-and-i-have-the-code): nothing chosen yet on the new tab.
    switchTab: (tab) => write(inputsAfterTabSwitch(current.inputs, tab), false),
  };
}
