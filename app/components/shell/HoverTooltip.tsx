import { Tooltip, type TooltipProps } from "@mantine/core";
import { cloneElement, useState, type MouseEvent, type ReactElement } from "react";

type HoverTarget = ReactElement<{ onMouseEnter?: (event: MouseEvent<HTMLElement>) => void }>;

/**
 * Mantine's Tooltip for hover, set up on the first hover. Each Tooltip sets up floating-ui and measures
 * itself after mount: in the file list (four per file) that was a third of the list's first render.
 * Until the pointer comes, the child renders alone; then inside a Tooltip that opens at once and works
 * as usual from there. The child names itself (aria-label), so nothing is lost without a pointer.
 */
export function HoverTooltip({
  children,
  ...tooltipProps
}: Omit<TooltipProps, "children" | "events" | "defaultOpened" | "opened"> & { children: HoverTarget }) {
  const [hovered, setHovered] = useState(false);
  if (tooltipProps.disabled) return children;
  if (hovered) {
    return (
      <Tooltip {...tooltipProps} defaultOpened>
        {children}
      </Tooltip>
    );
  }
  return cloneElement(children, {
    onMouseEnter: (event: MouseEvent<HTMLElement>) => {
      children.props.onMouseEnter?.(event);
      setHovered(true);
    },
  });
}
