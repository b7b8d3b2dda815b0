import { Tooltip, type TooltipProps } from "@mantine/core";
import { cloneElement, useEffect, useRef, useState, type MouseEvent, type ReactElement } from "react";

type HoverTarget = ReactElement<{
  onMouseEnter?: (event: MouseEvent<HTMLElement>) => void;
  onMouseLeave?: (event: MouseEvent<HTMLElement>) => void;
}>;

/**
 * Mantine's Tooltip for hover, set up on the first hover. Each Tooltip sets up floating-ui and measures
 * itself after mount: in the file list (four per file) that was a third of the list's first render.
 * The Tooltip comes as the child's sibling, pointed at it (`target`): the child itself never moves in
 * the tree, so it is never mounted again. (Wrapping it on hover did that, and a click whose press and
 * release fell on either side of that render was lost.) The child names itself (aria-label), so
 * nothing is lost without a pointer.
 */
export function HoverTooltip({
  children,
  openDelay = 0,
  disabled,
  ...tooltipProps
}: Omit<TooltipProps, "children" | "target" | "events" | "defaultOpened" | "opened"> & { children: HoverTarget }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [opened, setOpened] = useState(false);
  const openTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(openTimer.current), []);
  const child = cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      children.props.onMouseEnter?.(event);
      setTarget(event.currentTarget);
      window.clearTimeout(openTimer.current);
      openTimer.current = window.setTimeout(() => setOpened(true), openDelay);
    },
    onMouseLeave: (event: MouseEvent<HTMLElement>) => {
      children.props.onMouseLeave?.(event);
      window.clearTimeout(openTimer.current);
      setOpened(false);
    },
  });
  return (
    <>
      {child}
      {target ? <Tooltip {...tooltipProps} target={target} opened={opened && !disabled} /> : null}
    </>
  );
}
