import { Text } from "@mantine/core";
import { ShownName } from "~/components/merger/ShownValue";
import classes from "./Catalogue.module.css";

/**
 * A code's name and unit from the parameter catalogue, after the code: `P0002 · Dosing rate · l/h`. On a phone, and
 * with `below` everywhere, they take a line of their own under the code: a narrow column would break them up.
 */
export function CatalogueName({ name, unit, below = false }: { name?: string; unit?: string; below?: boolean }) {
  const parts = [name, unit].filter((part): part is string => !!part);
  if (parts.length === 0) return null;
  return (
    <Text span size="sm" c="dimmed" className={below ? classes.nameBelow : classes.name}>
      {parts.map((part, index) => (
        <span key={index}>
          <span className={index === 0 ? classes.firstSeparator : undefined}>{" · "}</span>
          <ShownName text={part} />
        </span>
      ))}
    </Text>
  );
}
