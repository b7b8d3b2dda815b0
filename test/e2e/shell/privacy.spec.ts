import { expect, test } from "@playwright/test";

test("the app requests nothing but its own files while every screen is used", async ({ page, baseURL }) => {
  const ownOrigin = new URL(baseURL!).origin;
  const foreignRequests: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:") || url.startsWith("blob:")) return;
    if (new URL(url).origin !== ownOrigin) foreignRequests.push(url);
  });

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Hi. Some usefull links" })).toBeVisible();
  for (const screen of ["SD Card Files", "Actions", "Home"]) {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: screen }).click();
    await page.waitForLoadState("networkidle");
  }
  for (const path of ["/dosing", "/unknown", "/actions?code=17235", "/files"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }

  expect(foreignRequests).toEqual([]);
});

test("a Content-Security-Policy allows only the app's own origin", async ({ page }) => {
  await page.goto("/");
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("connect-src 'self'");
  const blocked = await page.evaluate(async () => {
    try {
      await fetch("https://example.com/");
      return false;
    } catch {
      return true;
    }
  });
  expect(blocked).toBe(true);
});
