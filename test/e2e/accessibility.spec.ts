import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

const screens = ["/", "/files", "/actions", "/actions?code=17101", "/dosing", "/not-a-page"];

for (const path of screens) {
  test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`);
    expect(serious).toEqual([]);
  });
}
