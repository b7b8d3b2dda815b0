import { Tooltip } from "@mantine/core";
import { middleShortenedPath } from "~/lib/merger/parameterFilePath";
import { ShownName } from "./ShownValue";

/** A path shortened in the middle, whole on hover or keyboard focus; isolated, with every invisible character named, so no bidi character can spoof it. */
export function ShownPath({ path, suffix = "" }: { path: string; suffix?: string }) {
  const shown = middleShortenedPath(path);
  if (shown === path) {
    return (
      <span>
        <ShownName text={path} />
        {suffix}
      </span>
    );
  }
  return (
    <Tooltip label={<ShownName text={path} />} multiline maw={480} events={{ hover: true, focus: true, touch: true }}>
      <span tabIndex={0} aria-label={`${path}${suffix}`}>
        <ShownName text={shown} />
        {suffix}
      </span>
    </Tooltip>
  );
}
