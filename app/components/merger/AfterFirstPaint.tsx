import { Paper, Skeleton, Stack } from "@mantine/core";
import { startTransition, useEffect, useState, type ReactNode } from "react";

/**
 * True from the frame after the first paint of the component that calls it.
 * rAF runs just before that paint; the task it queues runs after it.
 */
function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (painted) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setPainted(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [painted]);
  return painted;
}

/**
 * The heavy panels below the file list (the card, the preview's table) come
 * one frame after the rest when they first appear: the counts and the file
 * list of a pick are on screen without waiting for dozens of table rows. The
 * placeholder keeps about their place, so nothing jumps when they arrive.
 */
export function AfterFirstPaint({ children }: { children: ReactNode }) {
  const painted = usePaintedOnce();
  if (painted) return children;
  return (
    <Paper withBorder p="md" aria-busy="true" data-testid="panels-coming">
      <Stack gap="sm">
        <Skeleton height={24} width="40%" radius="sm" />
        <Skeleton height={480} radius="sm" />
      </Stack>
    </Paper>
  );
}
