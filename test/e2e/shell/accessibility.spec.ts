import { expect, test } from "@playwright/test";
import { seriousAccessibilityViolations } from "../helpers";

const screens = ["/", "/files", "/actions", "/actions?code=17101", "/dosing", "/not-a-page"];

for (const path of screens) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
}
