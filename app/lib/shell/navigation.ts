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

/** What index.html's links carry for its inline script, which marks the current one (FirstScreenHeading.tsx). */
export const navigationPathAttribute = "data-navigation-path";
export const navigationEndAttribute = "data-navigation-end";

/**
 * Whether the entry to `to` is the current page at `path` (routedPath's), as NavLink decides once the app runs:
 * exactly that path, or (not `end`) a path below it. index.html's inline script carries this function's text
 * (FirstScreenHeading.tsx), so it is written as routedPath is: nothing from outside, no arrow functions, no "<".
 */
export function isCurrentNavigation(path: string, to: string, end: boolean): boolean {
  return path === to || (!end && path.indexOf(to + "/") === 0);
}
