import { useId as useReactId } from "react";

/**
 * Stands in for @mantine/hooks' useId in the build (see vite.config.ts). Mantine
 * renders with React's id, then sets a random one in a layout effect, so every
 * Switch, Radio, input, Tabs and the AppShell renders a second time, in the same
 * task, right after it mounts. React 18's id is already unique and the same in
 * the prerendered page, so it is kept: same ids as Mantine's first render.
 */
export function useId(staticId?: string): string {
  const reactId = `mantine-${useReactId().replace(/:/g, "")}`;
  return typeof staticId === "string" ? staticId : reactId;
}
