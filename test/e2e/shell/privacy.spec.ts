import { expect, test } from "../test";

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

test("a Content-Security-Policy allows only the app's own origin", async ({ page, baseURL }) => {
  await page.goto("/");
  const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  expect(policy).toContain("default-src 'self'");
  expect(policy).toContain("connect-src 'self'");
  // The same server under another name is another origin that answers: only the policy can stop the request.
  const otherOrigin = baseURL!.replace("127.0.0.1", "localhost");
  const outcome = await page.evaluate(async (url) => {
    let violated = "";
    document.addEventListener("securitypolicyviolation", (event) => (violated = event.violatedDirective));
    try {
      await fetch(url, { mode: "no-cors" });
      return "fetched";
    } catch {
      // The violation event is queued as a task: let it run.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return `blocked by ${violated}`;
    }
  }, `${otherOrigin}/robots.txt`);
  expect(outcome).toBe("blocked by connect-src");
});
