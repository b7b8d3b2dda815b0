import { Text } from "@mantine/core";
import { ShownName } from "~/components/merger/ShownValue";

/**
 * A code's name and unit from the parameter catalogue, after the code: `P0002 · Dosing rate · l/h`. `below` puts
 * them on a line of their own under the code, for a narrow column.
 */
export function CatalogueName({ name, unit, below = false }: { name?: string; unit?: string; below?: boolean }) {
  const parts = [name, unit].filter((part): part is string => !!part);
  if (parts.length === 0) return null;
  return (
    <Text span={!below} display={below ? "block" : undefined} size={below ? "xs" : "sm"} c="dimmed">
      {parts.map((part, index) => (
        <span key={index}>
          {below && index === 0 ? null : " · "}
          <ShownName text={part} />
        </span>
      ))}
    </Text>
  );
}
