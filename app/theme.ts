import { Notification, createTheme, type CSSVariablesResolver } from "@mantine/core";

// Mantine's defaults (blue 6, dimmed grey 6) fall below the 4.5:1 contrast that
// small text needs on white; a technician reads this in poor light.
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: "md",
  // Notices and tabs appear without animation for people who asked their system for less motion.
  respectReducedMotion: true,
  components: {
    // Every toast and notice gets a close button that says what it does.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { "aria-label": "Close notice" } } }),
  },
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // The success button (Download SD card file): Mantine's green 8 gives white text only 3.4:1.
    "--mantine-color-green-filled": "#247a37",
    "--mantine-color-green-filled-hover": "#1e6e30",
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-anchor": "var(--mantine-color-blue-8)",
    "--mantine-color-blue-light-color": "var(--mantine-color-blue-9)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    // Light buttons and badges: their text on the pale background needs the darkest shade.
    "--mantine-color-red-light-color": "var(--mantine-color-red-9)",
    "--mantine-color-grape-light-color": "var(--mantine-color-grape-9)",
    // Teal 9 on the pale badge background is just 4.5:1; a shade darker leaves room.
    "--mantine-color-teal-light-color": "#066649",
    "--mantine-color-gray-light-color": "var(--mantine-color-gray-8)",
    "--mantine-color-orange-light-color": "#9c3a00",
    "--mantine-color-green-light-color": "var(--mantine-color-green-9)",
  },
  dark: {
    // The success button (Download SD card file): Mantine's green 8 gives white text only 3.4:1.
    "--mantine-color-green-filled": "#247a37",
    "--mantine-color-green-filled-hover": "#1e6e30",
    "--mantine-color-dimmed": "var(--mantine-color-dark-1)",
    "--mantine-color-error": "var(--mantine-color-red-4)",
    "--mantine-color-anchor": "var(--mantine-color-blue-3)",
    "--mantine-color-blue-light-color": "var(--mantine-color-blue-3)",
    "--mantine-color-red-light-color": "var(--mantine-color-red-3)",
    "--mantine-color-grape-light-color": "var(--mantine-color-grape-3)",
    "--mantine-color-teal-light-color": "var(--mantine-color-teal-3)",
    "--mantine-color-orange-light-color": "var(--mantine-color-orange-3)",
    "--mantine-color-green-light-color": "var(--mantine-color-green-3)",
  },
});
