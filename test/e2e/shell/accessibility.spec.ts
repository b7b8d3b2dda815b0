import { expect, test } from "@playwright/test";
import { seriousAccessibilityViolations } from "../helpers";

const screens = ["/", "/files", "/actions", "/actions?code=17101", "/dosing", "/not-a-page"];

for (const path of screens) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The loading spinner of index.html is not the screen: scan once it is gone.
    await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
}
