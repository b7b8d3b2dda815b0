import { Accordion, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { detailsLabel } from "~/lib/shell/noticeText";
import classes from "./Details.module.css";

/** A notice's long explanation, closed until asked for: the notice itself says what happened and what to do. */
export function Details({ children }: { children: ReactNode }) {
  return (
    <Accordion chevronPosition="left" classNames={classes} variant="unstyled">
      <Accordion.Item value="details">
        <Accordion.Control>{detailsLabel}</Accordion.Control>
        <Accordion.Panel>
          {typeof children === "string" ? (
            <Text size="sm" className={classes.text}>
              {children}
            </Text>
          ) : (
            children
          )}
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
