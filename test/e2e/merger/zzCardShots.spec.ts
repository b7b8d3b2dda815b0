import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { fixtures, pickSiteInParOrder } from "../helpers";

for (const scheme of ["light", "dark"] as const) {
  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`shot ${scheme} ${name}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((scheme) => {
        localStorage.setItem("mantine-color-scheme-value", scheme);
        Object.assign(window, {
          showDirectoryPicker: async () =>
            (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true }),
        });
      }, scheme);
      await page.goto("/files");
      await pickSiteInParOrder(page);
      const card = (await readFile(`${fixtures}/expected/PAR_site-1042.crlf.txt`, "utf8"))
        .replace("P0002\r\n3,0", "P0002\r\n2,5")
        .replace("P0200\r\nFjordview pool 2\r\n", "P0999\r\nold\r\n");
      await page.evaluate(async (text) => {
        const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle("card", { create: true });
        for (const [n, t] of [
          ["PAR.txt", text],
          ["._PAR.txt", "x"],
        ]) {
          const w = await (await dir.getFileHandle(n!, { create: true })).createWritable();
          await w.write(t!);
          await w.close();
        }
      }, card);
      await page.getByRole("button", { name: "Compare with card" }).click();
      await expect(page.getByTestId("card-summary")).toBeVisible();
      await page.waitForTimeout(500);
      const section = page.locator("section", { has: page.getByRole("heading", { name: "SD card" }) });
      await page
        .getByRole("button", { name: "Close" })
        .first()
        .click()
        .catch(() => undefined);
      await section.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 70));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/i11shots/compare-${scheme}-${name}.png` });
      await page.getByRole("button", { name: "Write to SD card" }).click();
      await expect(page.getByText("PAR.txt written and verified")).toBeVisible();
      await page.waitForTimeout(300);
      await section.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 70));
      await page.waitForTimeout(300);
      await page.screenshot({ path: `/tmp/i11shots/written-${scheme}-${name}.png` });
      await page.screenshot({ path: `/tmp/i11shots/page-${scheme}-${name}.png`, fullPage: true });
    });
  }
}
