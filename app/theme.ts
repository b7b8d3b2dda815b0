import { createTheme } from "@mantine/core";

// Mantine's defaults (blue 6, dimmed grey 6) fall below the 4.5:1 contrast that
// small text needs on white; a technician reads this in poor light.
export const theme = createTheme({
  primaryColor: "blue",
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: "md",
  // Notices and tabs appear without animation for people who asked their system for less motion.
  respectReducedMotion: true,
  components: {
    // Every toast and notice gets a close button that says what it does. A plain
    // object, not Notification.extend: the first screen need not load Notification.
    Notification: { defaultProps: { closeButtonProps: { "aria-label": "Close notice" } } },
    // A dialog's X is an icon only: named, so a screen reader says what it does (axe: button-name).
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close dialog" } } },
  },
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
});
