import { Fragment, useMemo } from "react";
import { FullTextLink, fullViewLength } from "~/components/shell/FullTextLink";
import { formatCount } from "~/lib/shell/plural";
import { shownMessage, shownPieces, type ValuePiece } from "~/lib/merger/valueDifference";
import classes from "./Merger.module.css";

/** A text's pieces: its own characters, and a name in place of each one that would not show as itself. */
export function Pieces({ pieces }: { pieces: readonly ValuePiece[] }) {
  return pieces.map((piece, index) => (
    <Fragment key={index}>
      {piece.name === undefined ? piece.text : <span className={classes.unseen}>{piece.name}</span>}
    </Fragment>
  ));
}

/**
 * A short text from outside (a file name, a label) as it is: isolated from what stands around it, and every
 * character that would not show as itself (a right-to-left override, a zero width space) named.
 */
export function ShownName({ text }: { text: string }) {
  const { pieces } = useMemo(() => shownPieces(text, Number.POSITIVE_INFINITY), [text]);
  return (
    <bdi>
      <Pieces pieces={pieces} />
    </bdi>
  );
}

/**
 * A value as it goes on the card: its start, with spaces at its ends and invisible characters named, then
 * "… N more characters", which opens the whole value (its first 20,000 characters) to read, copy or save.
 * Nothing lays out megabytes at once, and no character reorders or hides the value on screen.
 */
export function ShownValue({ value, label, className }: { value: string; label: string; className?: string }) {
  const { pieces, hiddenLength } = useMemo(() => shownPieces(value), [value]);
  const fullView = () => {
    const inView = shownPieces(value, fullViewLength);
    return {
      note: `${formatCount(value.length)} characters${inView.hiddenLength > 0 ? `; the first ${formatCount(value.length - inView.hiddenLength)} are shown here` : ""}.`,
      content: <Pieces pieces={inView.pieces} />,
    };
  };
  return (
    <>
      <bdi className={className}>
        <Pieces pieces={pieces} />
      </bdi>
      {hiddenLength > 0 ? (
        <FullTextLink
          text={value}
          label={label}
          linkText={`… ${formatCount(hiddenLength)} more characters`}
          view={fullView}
        />
      ) : null}
    </>
  );
}

/**
 * A message about the technician's files: hidden characters written as their code point, and its spaces kept as
 * they are, so a quoted "  * note" shows both of its spaces.
 */
export function ShownMessage({ text }: { text: string }) {
  return <span className={classes.message}>{shownMessage(text)}</span>;
}
