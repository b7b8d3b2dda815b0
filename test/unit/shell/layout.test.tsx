import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { externalLinks } from "~/lib/shell/externalLinks";
import { navigationEntries } from "~/lib/shell/navigation";
import UnknownPage from "~/routes/$";
import Home from "~/routes/_index";
import Dosing from "~/routes/dosing";
import { renderApp } from "../renderApp";

const appRoutes = [
  { index: true, Component: Home },
  { path: "dosing", Component: Dosing },
  { path: "*", Component: UnknownPage },
];

describe("layout", () => {
  it("shows the footer with the product name and the package version", async () => {
    renderApp("/", appRoutes);
    expect(await screen.findByText("you are on Technician Toolbox by EV 2025 V0.2.3.")).toBeInTheDocument();
  });

  it("has the top navigation Home, SD Card Files, Actions and no link to /dosing", async () => {
    renderApp("/", appRoutes);
    const navigation = await screen.findByRole("navigation", { name: "Main" });
    const links = within(navigation).getAllByRole("link");
    expect(links.map((link) => [link.textContent, link.getAttribute("href")])).toEqual([
      ["Home", "/"],
      ["SD Card Files", "/files"],
      ["Actions", "/actions"],
    ]);
    expect(navigationEntries.some((entry) => entry.to === "/dosing")).toBe(false);
  });

  it("marks Home active only on exactly /", async () => {
    renderApp("/dosing", appRoutes);
    const navigation = await screen.findByRole("navigation", { name: "Main" });
    expect(within(navigation).getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  });

  it("marks the current screen in the navigation", async () => {
    renderApp("/", appRoutes);
    const navigation = await screen.findByRole("navigation", { name: "Main" });
    expect(within(navigation).getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
  });

  it("has a logo with alt text that links home", async () => {
    renderApp("/dosing", appRoutes);
    const logo = await screen.findByAltText("Technician Toolbox – home");
    expect(logo.closest("a")).toHaveAttribute("href", "/");
  });
});

describe("home", () => {
  it("shows the heading, spelled as in the spec", async () => {
    renderApp("/", appRoutes);
    expect(await screen.findByRole("heading", { level: 1, name: "Hi. Some usefull links" })).toBeInTheDocument();
  });

  it("shows the five links, each opening in a new tab without an opener", async () => {
    renderApp("/", appRoutes);
    await screen.findByRole("heading", { level: 1 });
    const main = screen.getByRole("main");
    const links = within(main).getAllByRole("link");
    expect(links).toHaveLength(5);
    links.forEach((link, index) => {
      const expected = externalLinks[index]!;
      expect(link).toHaveAttribute("href", expected.href);
      expect(link).toHaveAttribute("target", "_blank");
      expect(link.getAttribute("rel")).toContain("noopener");
      expect(link).toHaveTextContent(expected.label);
      expect(main).not.toHaveTextContent(expected.href);
    });
  });
});

describe("dosing", () => {
  it("shows the placeholder text", async () => {
    renderApp("/dosing", appRoutes);
    expect(await screen.findByText("to do dosing calc")).toBeInTheDocument();
  });
});

describe("unknown path", () => {
  it("shows page not found inside the layout with a link home", async () => {
    renderApp("/no/such/page", appRoutes);
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
    expect(screen.getByText("/no/such/page")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
    expect(screen.getByText("you are on Technician Toolbox by EV 2025 V0.2.3.")).toBeInTheDocument();
  });
});

describe("error boundary", () => {
  it("shows a readable message instead of a blank page when a screen throws", async () => {
    function BrokenScreen(): never {
      throw new Error("The parameter table could not be drawn");
    }
    renderApp("/broken", [{ path: "broken", Component: BrokenScreen }]);
    // A loaded machine can take past the default second to render the shell: the wait is for the screen, not a timing check.
    expect(await screen.findByRole("alert", {}, { timeout: 15_000 })).toHaveTextContent(
      "The parameter table could not be drawn",
    );
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeInTheDocument();
  });
});
