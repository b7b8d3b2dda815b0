import { expect, test } from "../test";
import { passesAxeInLightAndDark } from "../helpers";

const screens = ["/", "/files", "/actions", "/actions?code=17464", "/dosing", "/not-a-page"];

// One load per screen, scanned in both colour schemes.
for (const path of screens) {
  test(`${path} has no serious or critical accessibility violations, in light and in dark colours`, async ({
    page,
  }) => {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
    // The loading spinner of index.html is not the screen: scan once it is gone.
    await expect(page.getByRole("status", { name: "Loading" })).toHaveCount(0);
    await passesAxeInLightAndDark(page);
  });
}
