import { expect, test } from "../test";
import { appStarted } from "../helpers";

// Every screen is scanned in dark colours too, by accessibility.spec.ts; /files with files and problems by
// merger/files.spec.ts.
test.describe("dark colours", () => {
  test.use({ colorScheme: "dark" });

  test("follow the system, and the toggle switches to light and is remembered", async ({ page }) => {
    await page.goto("/");
    await appStarted(page);
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "dark");
    const toggle = page.getByRole("button", { name: "Switch between light and dark colours" });
    await expect(toggle.locator("svg:visible")).toHaveCount(1);
    await toggle.click();
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
    await expect(toggle.locator("svg:visible")).toHaveCount(1);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-mantine-color-scheme", "light");
  });
});
