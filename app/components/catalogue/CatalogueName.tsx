import { Text } from "@mantine/core";
import { ShownName } from "~/components/merger/ShownValue";

/** A code's name and unit from the parameter catalogue, after the code: `P0002 · Dosing rate · l/h`. */
export function CatalogueName({ name, unit }: { name?: string; unit?: string }) {
  const parts = [name, unit].filter((part): part is string => !!part);
  if (parts.length === 0) return null;
  return (
    <Text span size="sm" c="dimmed" data-testid="catalogue-name">
      {parts.map((part, index) => (
        <span key={index}>
          {" · "}
          <ShownName text={part} />
        </span>
      ))}
    </Text>
  );
}
