import type { RelayOutput } from "~/lib/calculator/actionCode";
import { relayStateWord } from "~/lib/calculator/actionCode";
import classes from "./Calculator.module.css";

interface ContactSymbolProps {
  output: RelayOutput;
  closed: boolean;
}

/**
 * A relay contact as a wiring diagram draws it: two terminals and a blade,
 * swung open or lying shut. The shape tells opened from closed; colour only
 * repeats it.
 */
export function ContactSymbol({ output, closed }: ContactSymbolProps) {
  return (
    <svg
      viewBox="0 0 56 28"
      width={56}
      height={28}
      role="img"
      aria-label={`${output.name}, ${output.pcbName}: contact ${relayStateWord(closed)}`}
      className={closed ? classes.contactClosed : classes.contactOpened}
      data-state={relayStateWord(closed)}
    >
      <g fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round">
        <path d="M2 20H13M43 20H54" />
        <circle cx={16} cy={20} r={3} />
        <circle cx={40} cy={20} r={3} />
        {closed ? <path d="M18.5 18.5L40 15.5" /> : <path d="M18.5 18L36 5" />}
      </g>
    </svg>
  );
}
