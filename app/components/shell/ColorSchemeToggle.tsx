import { ActionIcon, Box, useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { IconMoon, IconSun } from "@tabler/icons-react";
import classes from "./AppFrame.module.css";

/**
 * Light or dark, following the system until the technician picks one. Both
 * icons are rendered and CSS shows the right one, so the prerendered page and
 * the running app agree.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computedColorScheme = useComputedColorScheme("light", { getInitialValueInEffect: true });
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Switch between light and dark colours"
      onClick={() => setColorScheme(computedColorScheme === "light" ? "dark" : "light")}
    >
      <Box darkHidden className={classes.icon}>
        <IconMoon size={18} aria-hidden="true" />
      </Box>
      <Box lightHidden className={classes.icon}>
        <IconSun size={18} aria-hidden="true" />
      </Box>
    </ActionIcon>
  );
}
