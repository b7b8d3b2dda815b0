import { expect, test } from "../test";
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

test("the phone layout hides the sidebar behind a burger button", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const openButton = page.getByRole("button", { name: "Open navigation" });
  await expect(openButton).toBeVisible();
  const sidebarNavigation = page.getByRole("navigation", { name: "Sidebar" });
  await expect(sidebarNavigation).not.toBeInViewport();
  await appStarted(page);
  await openButton.click();
  await expect(sidebarNavigation).toBeInViewport();
  await sidebarNavigation.getByRole("link", { name: "Actions" }).click();
  await expect(page).toHaveURL(/\/actions/);
  await expect(page.getByRole("button", { name: "Open navigation" })).toBeVisible();
  await expect(sidebarNavigation).not.toBeInViewport();
});

test("on a phone, a tap on the burger before the app has started opens the sidebar once it has", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const release = await holdAppStart(page);
  await page.goto("/");
  // Painted by index.html, before any of the app's code runs.
  await page.getByRole("button", { name: "Open navigation" }).click();
  release();
  await appStarted(page);
  await expect(page.getByRole("navigation", { name: "Sidebar" })).toBeInViewport();
  await expect(page.getByRole("button", { name: "Close navigation" })).toBeVisible();
});

for (const deepLink of ["/actions?code=17101", "/files", "/dosing"]) {
  test(`a reload of ${deepLink} is served by the static build`, async ({ page }) => {
    const response = await page.goto(deepLink);
    expect(response?.status()).toBe(200);
    await page.reload();
    await expect(page).toHaveURL(new RegExp(deepLink.replace("?", "\\?") + "$"));
    await expect(page.getByRole("heading", { level: 1 }).or(page.getByText("to do dosing calc"))).toBeVisible();
    await expect(page.getByText("Page not found")).toHaveCount(0);
  });
}

test("a deep link marks its own screen in the navigation, not Home", async ({ page }) => {
  await page.goto("/actions?code=17101");
  const navigation = page.getByRole("navigation", { name: "Main" });
  await expect(navigation.getByRole("link", { name: "Actions" })).toHaveAttribute("aria-current", "page");
  await expect(navigation.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
});

test("the dosing placeholder is reachable by its address", async ({ page }) => {
  await page.goto("/dosing");
  await expect(page.getByText("to do dosing calc")).toBeVisible();
});

test("an unknown address shows page not found inside the layout", async ({ page }) => {
  await page.goto("/wrong/address");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page.getByRole("heading", { name: "Hi. Some usefull links" })).toBeVisible();
});

test("on a phone, a long unknown address wraps instead of widening the page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const address = `/nope/${"a1b2c3d4e5".repeat(12)}`;
  await page.goto(address);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByText(address)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
