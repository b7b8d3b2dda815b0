import { useMemo } from "react";
import { FullTextLink, fullViewLength, type FullView } from "~/components/shell/FullTextLink";
import { formatCount } from "~/lib/shell/plural";
import {
  differenceWindow,
  differsFromText,
  valueEndsText,
  type DifferenceWindow,
  type MarkedPiece,
} from "~/lib/merger/valueDifference";
import classes from "./Merger.module.css";
import { Pieces } from "./ShownValue";

function Marked({ piece }: { piece: MarkedPiece | null }) {
  return (
    <mark className={classes.difference}>
      {piece === null ? (
        <span className={classes.unseen}>{valueEndsText}</span>
      ) : piece.name !== undefined ? (
        <span className={classes.unseen}>{piece.name}</span>
      ) : (
        <>
          {piece.text}
          {piece.codePoint ? <span className={classes.codePoint}>{piece.codePoint}</span> : null}
        </>
      )}
    </mark>
  );
}

/** The window's characters: "…" for those left out before, the difference marked, unseen characters named. */
function DifferenceText({ shown }: { shown: DifferenceWindow }) {
  return (
    <>
      {shown.hiddenBefore > 0 ? "…" : null}
      <Pieces pieces={shown.before} />
      <Marked piece={shown.marked} />
      <Pieces pieces={shown.after} />
    </>
  );
}

/**
 * One value of a changed code: the part around its first difference from the other value, that
 * difference marked and said ("differs from character 201"), and what would not show named
 * ("trailing space"). The whole value opens on demand, around the difference too.
 */
export function ChangedValue({
  value,
  differsAt,
  label,
  className,
}: {
  value: string;
  differsAt: number;
  label: string;
  className?: string;
}) {
  const shown = useMemo(() => differenceWindow(value, differsAt), [value, differsAt]);
  const fullView = (): FullView => {
    const inView = differenceWindow(value, differsAt, fullViewLength);
    const cut = inView.hiddenBefore + inView.hiddenAfter > 0;
    return {
      note: `${formatCount(value.length)} characters; ${differsFromText(differsAt)}${cut ? `; the ${formatCount(value.length - inView.hiddenBefore - inView.hiddenAfter)} around it are shown here` : ""}.`,
      content: <DifferenceText shown={inView} />,
    };
  };
  const linkText =
    shown.hiddenBefore > 0
      ? `all ${formatCount(value.length)} characters`
      : `… ${formatCount(shown.hiddenAfter)} more characters`;
  return (
    <>
      <span className={className}>
        <DifferenceText shown={shown} />
      </span>
      {shown.hiddenBefore + shown.hiddenAfter > 0 ? (
        <FullTextLink text={value} label={label} linkText={linkText} view={fullView} />
      ) : null}
      <span className={classes.differsFrom}>{differsFromText(differsAt)}</span>
    </>
  );
}
