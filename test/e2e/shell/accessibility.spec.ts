import { expect, test } from "@playwright/test";
import { seriousAccessibilityViolations } from "../helpers";

const screens = ["/", "/files", "/actions", "/actions?code=17101", "/dosing", "/not-a-page"];

for (const path of screens) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The loading spinner of index.html is not the screen: scan once the screen has its heading.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
}
