import { expect, test } from "../test";
import { screenHeadings } from "../../../app/lib/shell/screenHeadings";
import { appStarted, holdAppStart } from "../helpers";

test("moves between all screens without a full page reload", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Hi. Some usefull links" })).toBeVisible();
  // index.html shows the heading before the app runs: a click before then is an ordinary page load.
  await appStarted(page);
  // A marker on window survives client-side navigation but not a reload.
  await page.evaluate(() => ((window as unknown as { stayedInApp: boolean }).stayedInApp = true));

  const navigation = page.getByRole("navigation", { name: "Main" });
  await navigation.getByRole("link", { name: "SD Card Files" }).click();
  await expect(page).toHaveURL(/\/files$/);
  await expect(page).toHaveTitle("SD Card Files · Technician Toolbox");
  await expect(navigation.getByRole("link", { name: "SD Card Files" })).toHaveAttribute("aria-current", "page");
  await expect(navigation.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");

  await navigation.getByRole("link", { name: "Actions" }).click();
  await expect(page).toHaveURL(/\/actions/);
  await expect(page).toHaveTitle("Actions · Technician Toolbox");

  await page.getByRole("link", { name: "Technician Toolbox – home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Hi. Some usefull links" })).toBeVisible();

  expect(await page.evaluate(() => (window as unknown as { stayedInApp?: boolean }).stayedInApp)).toBe(true);
  await expect(page.getByText("you are on Technician Toolbox by EV 2025 V0.2.3.")).toBeVisible();
});

test("on a phone, the sidebar hides behind a burger button, and a tap on it before the app has started opens it once it has", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdAppStart(page);
  await page.goto("/");
  const sidebarNavigation = page.getByRole("navigation", { name: "Sidebar" });
  await test.step("a tap on the burger before the app has started opens the sidebar once it has", async () => {
    // Painted by index.html, before any of the app's code runs.
    const openButton = page.getByRole("button", { name: "Open navigation" });
    await expect(openButton).toBeVisible();
    await expect(sidebarNavigation).not.toBeInViewport();
    await openButton.click();
    release();
    await appStarted(page);
    await expect(sidebarNavigation).toBeInViewport();
    await expect(page.getByRole("button", { name: "Close navigation" })).toBeVisible();
  });
  await test.step("a link in the sidebar goes to its screen and hides the sidebar again", async () => {
    await sidebarNavigation.getByRole("link", { name: "Actions" }).click();
    await expect(page).toHaveURL(/\/actions/);
    await expect(page.getByRole("button", { name: "Open navigation" })).toBeVisible();
    await expect(sidebarNavigation).not.toBeInViewport();
  });
  await test.step("the burger of the started app opens the sidebar", async () => {
    await page.getByRole("button", { name: "Open navigation" }).click();
    await expect(sidebarNavigation).toBeInViewport();
  });
});

test("a reload of a deep link is served by the static build and shows its own screen, marked in the navigation, not Home", async ({
  page,
}) => {
  const navigation = page.getByRole("navigation", { name: "Main" });
  const heading = (path: "/actions" | "/files") =>
    page.getByRole("heading", { level: 1, name: screenHeadings[path].title });
  const screens = [
    { deepLink: "/actions?code=17101", shown: heading("/actions"), current: "Actions" },
    { deepLink: "/files", shown: heading("/files"), current: "SD Card Files" },
    // The dosing placeholder, reachable by its address only (it has no navigation link).
    { deepLink: "/dosing", shown: page.getByText("to do dosing calc"), current: null },
  ];
  for (const { deepLink, shown, current } of screens) {
    await test.step(`a reload of ${deepLink} is served by the static build`, async () => {
      const response = await page.goto(deepLink);
      expect(response?.status()).toBe(200);
      await page.reload();
      await expect(page).toHaveURL(new RegExp(deepLink.replace("?", "\\?") + "$"));
      await expect(shown).toBeVisible();
      await expect(page.getByText("Page not found")).toHaveCount(0);
      if (current)
        await expect(navigation.getByRole("link", { name: current })).toHaveAttribute("aria-current", "page");
      await expect(navigation.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
    });
  }
});

test("an unknown address shows page not found inside the layout, and on a phone a long one wraps instead of widening the page", async ({
  page,
}) => {
  const address = `/nope/${"a1b2c3d4e5".repeat(12)}`;
  const wideScreen = page.viewportSize()!;
  await test.step("on a phone, a long unknown address wraps instead of widening the page", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(address);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByText(address)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
  await test.step("page not found is inside the layout, with a way home", async () => {
    // The main navigation shows on a wider screen (a phone has it behind the burger).
    await page.setViewportSize(wideScreen);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.getByRole("link", { name: "Go to the home page" }).click();
    await expect(page.getByRole("heading", { name: "Hi. Some usefull links" })).toBeVisible();
  });
});
