/** The screens in the top navigation, in order. /dosing is deliberately absent. */
export interface NavigationEntry {
  label: string;
  to: string;
  /** Active only on exactly this path (Home must not light up on /files). */
  end: boolean;
}

export const navigationEntries: readonly NavigationEntry[] = [
  { label: "Home", to: "/", end: true },
  { label: "SD Card Files", to: "/files", end: false },
  { label: "Actions", to: "/actions", end: false },
];
