import { Box, UnstyledButton, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";
import classes from "./AppFrame.module.css";

/**
 * Light or dark, following the system until the technician picks one. Both
 * icons are rendered and CSS shows the right one, so the prerendered page and
 * the running app agree. An UnstyledButton styled like ActionIcon: the header
 * is on every first screen, and ActionIcon would add a chunk to it.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computedColorScheme = useComputedColorScheme("light", { getInitialValueInEffect: true });
  return (
    <UnstyledButton
      className={classes.colorSchemeToggle}
      aria-label="Switch between light and dark colours"
      onClick={() => setColorScheme(computedColorScheme === "light" ? "dark" : "light")}
    >
      <Box darkHidden className={classes.icon}>
        <IconMoon size={18} aria-hidden="true" />
      </Box>
      <Box lightHidden className={classes.icon}>
        <IconSun size={18} aria-hidden="true" />
      </Box>
    </UnstyledButton>
  );
}
