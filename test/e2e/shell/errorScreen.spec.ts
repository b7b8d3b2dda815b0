import { expect, test } from "../test";
import { appStarted } from "../helpers";

// The built app runs under Trusted Types: when a screen fails, the root error boundary draws the whole page
// again, its inline scripts included. Those must pass the app's own policy, or the technician gets the
// framework's bare "Application Error" and a stack trace instead of the app's error screen.
for (const path of ["/records", "/actions"]) {
  test(`a failing screen at ${path} shows the app's error screen, with a way back`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // The heading may be index.html's, painted before the app runs.
    await appStarted(page);
    // A request no screen knows (as a stale tab or a forged form would send) fails the screen's action.
    await page.evaluate(async (address) => {
      const unknownRequest = new FormData();
      unknownRequest.set("intent", "no-such-intent");
      const router = (window as unknown as { __remixRouter: { navigate: (...args: unknown[]) => Promise<void> } })
        .__remixRouter;
      await router.navigate(address, { formMethod: "post", formData: unknownRequest });
    }, path);
    const alert = page.getByRole("alert").filter({ hasText: "Something went wrong on this screen" });
    await expect(alert).toBeVisible();
    await expect(alert.getByRole("button", { name: "Reload the page" })).toBeVisible();
    await expect(page.getByText("Application Error")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  });
}
