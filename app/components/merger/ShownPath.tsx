import { Tooltip } from "@mantine/core";
import { middleShortenedPath } from "~/lib/merger/parameterFilePath";

/** A path shortened in the middle, whole on hover or keyboard focus; isolated so no bidi character can spoof it. */
export function ShownPath({ path, suffix = "" }: { path: string; suffix?: string }) {
  const shown = middleShortenedPath(path);
  if (shown === path) {
    return (
      <span>
        <bdi>{path}</bdi>
        {suffix}
      </span>
    );
  }
  return (
    <Tooltip label={<bdi>{path}</bdi>} multiline maw={480} events={{ hover: true, focus: true, touch: true }}>
      <span tabIndex={0} aria-label={`${path}${suffix}`}>
        <bdi>{shown}</bdi>
        {suffix}
      </span>
    </Tooltip>
  );
}
