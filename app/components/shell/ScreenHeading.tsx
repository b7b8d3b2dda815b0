import { Stack, Text, Title } from "@mantine/core";
import { useEffect, useRef, type ReactNode, type Ref } from "react";
import classes from "./ScreenHeading.module.css";

/** Screens shown since the page loaded: the first is the visit's first. */
let screensShown = 0;

/**
 * A screen reached from another one whose focused control went with it (a record deleted from its own page, a
 * link in a list) would leave the keyboard at the page's start: it goes to the new screen's heading instead,
 * where a screen reader reads out where the technician now is. The first screen of a visit is left alone, as is
 * focus that is still on something (the navigation, or a screen's own field).
 */
function useFocusWhenArrived() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // The first screen of this page load is the visit's first (no router hook here: it would split the router
    // out of the first screen's shared chunk, a kilobyte more to load).
    screensShown += 1;
    if (screensShown === 1) return;
    const focused = document.activeElement;
    // Without scrolling: Back restores where the technician was on the screen.
    if (focused === null || focused === document.body) heading.current?.focus({ preventScroll: true });
    // Only when the screen appears, not when its address changes under it (a search, a page of a table).
  }, []);
  return heading;
}

/** The heading every screen opens with: one h1 and a line on what the screen is for. */
export function ScreenHeading({ title, children }: { title: string; children?: ReactNode }) {
  const heading = useFocusWhenArrived();
  return (
    <ScreenHeadingText title={title} headingRef={heading}>
      {children}
    </ScreenHeadingText>
  );
}

/**
 * The same heading without taking focus: index.html's copy of each screen's heading (FirstScreenHeading) is
 * painted before the app starts, and is not a screen the technician arrived at.
 */
export function ScreenHeadingText({
  title,
  children,
  headingRef,
}: {
  title: string;
  children?: ReactNode;
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1} ref={headingRef} tabIndex={-1} className={classes.heading}>
        {title}
      </Title>
      {children ? <Text c="dimmed">{children}</Text> : null}
    </Stack>
  );
}
