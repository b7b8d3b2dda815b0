import { AppShell, Burger, Group, Image, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { ColorSchemeToggle } from "~/components/shell/ColorSchemeToggle";
import { menuTappedBeforeStart } from "~/lib/shell/browser/earlyInput";
import { pressOncePerKeyPress } from "~/lib/shell/browser/heldKeys";
import { navigationEndAttribute, navigationEntries, navigationPathAttribute } from "~/lib/shell/navigation";
import { footerText, productName } from "~/lib/shell/product";
import classes from "./AppFrame.module.css";

/**
 * index.html is prerendered at "/" and served for every address: there the links mark no page (NavLink would mark
 * Home on every address until the app runs), and index.html's inline script marks the one of the address. React 18
 * keeps prerendered attributes on hydration, so the links are rendered again, as NavLinks, once the app runs. The
 * state lives here, not in the frame: only the links render twice on the first load.
 */
function NavigationLinks({ onNavigate }: { onNavigate?: () => void }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  if (!hydrated)
    return navigationEntries.map((entry) => (
      <Link
        key={entry.to}
        to={entry.to}
        className={classes.navLink}
        onClick={onNavigate}
        {...{ [navigationPathAttribute]: entry.to, [navigationEndAttribute]: entry.end ? "" : undefined }}
      >
        {entry.label}
      </Link>
    ));
  return navigationEntries.map((entry) => (
    <NavLink key={entry.to} to={entry.to} end={entry.end} className={classes.navLink} onClick={onNavigate}>
      {entry.label}
    </NavLink>
  ));
}

const phoneWidth = "(max-width: 47.99em)";

const footer = (
  <Text component="footer" size="sm" c="dimmed" ta="center" className={classes.footer}>
    {footerText}
  </Text>
);

/** The frame every screen sits in: sidebar with the logo, top navigation, footer. */
export function AppFrame({ children }: { children: ReactNode }) {
  const [sidebarOpen, { toggle: toggleSidebar, close: closeSidebar, open: openSidebar }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(closeSidebar, [pathname, closeSidebar]);
  // The menu button is painted before the app starts; a tap on it then is answered now.
  useEffect(() => {
    if (menuTappedBeforeStart()) openSidebar();
  }, [openSidebar]);
  // Enter held on a button presses it once, not again with every repeat of the key.
  useEffect(() => pressOncePerKeyPress(document), []);

  // A collapsed phone sidebar is only moved off screen; make it unreachable by
  // Tab and screen readers too (React 18 has no `inert` prop). Read from the
  // media query directly: a state would render the whole frame again on load.
  const sidebar = useRef<HTMLElement>(null);
  useEffect(() => {
    const phone = window.matchMedia(phoneWidth);
    const markInert = () => sidebar.current?.toggleAttribute("inert", phone.matches && !sidebarOpen);
    markInert();
    phone.addEventListener("change", markInert);
    return () => phone.removeEventListener("change", markInert);
  }, [sidebarOpen]);

  // The frame renders again with every screen (new children, new location);
  // its header, sidebar and footer only when what they show changes.
  const headerContent = useMemo(
    () => (
      <Group h="100%" px="md" justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          <Burger
            opened={sidebarOpen}
            onClick={toggleSidebar}
            hiddenFrom="sm"
            size="sm"
            aria-label={sidebarOpen ? "Close navigation" : "Open navigation"}
            data-menu-button
          />
          <Text fw={700} size="lg" hiddenFrom="sm">
            {productName}
          </Text>
        </Group>
        <Group gap="sm" wrap="nowrap">
          <nav aria-label="Main">
            <Group gap={4} visibleFrom="sm">
              <NavigationLinks />
            </Group>
          </nav>
          <ColorSchemeToggle />
        </Group>
      </Group>
    ),
    [sidebarOpen, toggleSidebar],
  );
  const sidebarContent = useMemo(
    () => (
      <Stack gap="lg">
        <UnstyledButton component={Link} to="/" className={classes.logoLink} onClick={closeSidebar}>
          <Image src="/logo.svg" alt={`${productName} – home`} w={48} h={48} />
          <Text fw={700} size="lg" lh={1.2}>
            {productName}
          </Text>
        </UnstyledButton>
        <nav aria-label="Sidebar" className={classes.sidebarNav}>
          <Stack gap={4} hiddenFrom="sm">
            <NavigationLinks onNavigate={closeSidebar} />
          </Stack>
        </nav>
        <Text size="sm" c="dimmed" visibleFrom="sm">
          Runs entirely in your browser. Nothing you add leaves this device.
        </Text>
      </Stack>
    ),
    [closeSidebar],
  );

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 220, breakpoint: "sm", collapsed: { mobile: !sidebarOpen } }}
      padding="lg"
    >
      <AppShell.Header>{headerContent}</AppShell.Header>

      <AppShell.Navbar p="md" ref={sidebar}>
        {sidebarContent}
      </AppShell.Navbar>

      <AppShell.Main className={classes.main}>
        <div className={classes.content}>{children}</div>
        {footer}
      </AppShell.Main>
    </AppShell>
  );
}
