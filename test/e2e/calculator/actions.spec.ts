import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import {
  alarmActions,
  codeTooLongProblem,
  codeTypedPastLength,
  relayOutputs,
} from "../../../app/lib/calculator/actionCode";
import { seriousAccessibilityViolations } from "../helpers";

const unitCode = (page: Page) => page.getByTestId("unit-code");
const outputSwitch = (page: Page, name: string) => page.getByRole("switch", { name: new RegExp(`^${name}`) });
const codeInput = (page: Page) => page.getByRole("textbox", { name: "Code from the unit" });

test.describe("I NEED the code", () => {
  test("each output alone sets its own bit of the mask", async ({ page }) => {
    await page.goto("/actions");
    await expect(unitCode(page)).toHaveText("17100");
    for (const output of relayOutputs) {
      await outputSwitch(page, output.name).click();
      await expect(unitCode(page)).toHaveText(`171${String(1 << output.bit).padStart(2, "0")}`);
      await expect(page.getByText(`${output.pcbName} · closed`)).toBeVisible();
      await outputSwitch(page, output.name).click();
      await expect(unitCode(page)).toHaveText("17100");
      await expect(page.getByText(`${output.pcbName} · opened`)).toBeVisible();
    }
  });

  test("combinations of outputs with each action", async ({ page }) => {
    await page.goto("/actions");
    await outputSwitch(page, "Alarm").click(); // 16
    await outputSwitch(page, "Filter 100%").click(); // 4
    await outputSwitch(page, "Operation Message").click(); // 1
    for (const action of alarmActions) {
      await page.getByRole("radio", { name: action.name, exact: true }).click();
      await expect(unitCode(page)).toHaveText(`17${action.digit}21`);
      // Exactly one action is selected at a time.
      await expect(page.getByRole("radio", { checked: true })).toHaveCount(1);
    }
    await expect(
      page.getByRole("cell", { name: "outputs: Alarm 16 + Filter 100% 4 + Operation Message 1" }),
    ).toBeVisible();
  });

  test("the selection survives a reload and back/forward does not replay every click", async ({ page }) => {
    await page.goto("/");
    await page.goto("/actions");
    await outputSwitch(page, "Error").click();
    await page.getByRole("radio", { name: /^error with shutdown/ }).click();
    await expect(unitCode(page)).toHaveText("17532");
    await expect(page).toHaveURL(/tab=need/);
    await page.reload();
    await expect(unitCode(page)).toHaveText("17532");
    await expect(outputSwitch(page, "Error")).toBeChecked();
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Hi. Some usefull links" })).toBeVisible();
  });
});

test.describe("switching tab", () => {
  test("clears the selection: I NEED then shows 17000, I HAVE decodes the typed code", async ({ page }) => {
    await page.goto("/actions");
    await outputSwitch(page, "Error").click();
    await page.getByRole("tab", { name: "I HAVE the code" }).click();
    await expect(codeInput(page)).toHaveValue("17101");
    await expect(unitCode(page)).toHaveText("17101");
    await expect(outputSwitch(page, "Operation Message")).toBeChecked();

    await codeInput(page).fill("17235");
    await page.getByRole("tab", { name: "I NEED the code" }).click();
    await expect(unitCode(page)).toHaveText("17000");
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(page.getByText("No action selected (action digit 0).")).toBeVisible();

    await page.getByRole("tab", { name: "I HAVE the code" }).click();
    await expect(codeInput(page)).toHaveValue("17235");
    await expect(unitCode(page)).toHaveText("17235");
  });
});

test.describe("I HAVE the code", () => {
  test("a deep link opens the tab with the code decoded, also after a reload", async ({ page }) => {
    await page.goto("/actions?code=17101");
    await expect(page.getByRole("tab", { name: "I HAVE the code" })).toHaveAttribute("aria-selected", "true");
    await expect(codeInput(page)).toHaveValue("17101");
    await expect(outputSwitch(page, "Operation Message")).toBeChecked();
    await expect(page.getByRole("radio", { name: /^no action/ })).toBeChecked();
    await page.reload();
    await expect(codeInput(page)).toHaveValue("17101");
    await expect(unitCode(page)).toHaveText("17101");
  });

  test("typing decodes as you go, with a hint until five digits and read-only controls", async ({ page }) => {
    await page.goto("/actions?code=");
    await expect(page.getByText("Type the 5-digit code, e.g. 17101.")).toBeVisible();
    await codeInput(page).pressSequentially("173");
    await expect(page.getByText("3 of 5 digits typed.")).toBeVisible();
    await expect(codeInput(page)).not.toHaveAttribute("aria-invalid", "true");
    await codeInput(page).pressSequentially("63");
    await expect(codeInput(page)).toHaveValue("17363");
    await expect(unitCode(page)).toHaveText("17363");
    for (const output of relayOutputs) await expect(outputSwitch(page, output.name)).toBeChecked();
    await expect(outputSwitch(page, "Alarm")).toBeDisabled();
    await expect(page).toHaveURL(/code=17363/);
  });

  test("at most five characters can be typed", async ({ page }) => {
    await page.goto("/actions?code=");
    // A phone shows its number pad for this field.
    await expect(codeInput(page)).toHaveAttribute("inputmode", "numeric");
    await expect(codeInput(page)).toHaveAttribute("maxlength", "5");
    await codeInput(page).pressSequentially("1710199");
    await expect(codeInput(page)).toHaveValue("17101");
    // The digits that did not go in are not dropped without a word, and the word is true to the field: it holds
    // 17101 and decodes it, so no "this one has 6" and no error.
    await expect(page.getByText(codeTypedPastLength("17101"))).toBeVisible();
    await expect(page.getByText(codeTooLongProblem(6))).toHaveCount(0);
    await expect(codeInput(page)).not.toHaveAttribute("aria-invalid", "true");
    await expect(unitCode(page)).toHaveText("17101");
    await codeInput(page).press("Backspace");
    await expect(page.getByText("4 of 5 digits typed.")).toBeVisible();
    await expect(page.getByText(codeTypedPastLength("17101"))).toHaveCount(0);
  });

  test("digits typed with an input method (full-width) are read once composed, never typed twice", async ({ page }) => {
    await page.goto("/actions?code=");
    const cdp = await page.context().newCDPSession(page);
    const compose = (text: string) =>
      cdp.send("Input.imeSetComposition", { text, selectionStart: text.length, selectionEnd: text.length });
    await codeInput(page).pressSequentially("17");
    for (const composed of ["\uff11", "\uff11\uff10"]) {
      await compose(composed);
      // While composing, the field holds what the input method shows.
      await expect(codeInput(page)).toHaveValue(`17${composed}`);
    }
    await cdp.send("Input.insertText", { text: "\uff11\uff10" });
    await expect(codeInput(page)).toHaveValue("1710");
    await expect(page.getByText("4 of 5 digits typed.")).toBeVisible();
    await expect(page).toHaveURL(/code=1710$/);

    // Composed past five characters, the text goes in whole (the browser would cut it to a valid 17102).
    await compose("\uff12\uff13");
    await cdp.send("Input.insertText", { text: "\uff12\uff13" });
    await expect(codeInput(page)).toHaveValue("171023");
    await expect(page.getByText(codeTooLongProblem(6))).toBeVisible();
    await expect(unitCode(page)).not.toHaveText(/\d/);
  });

  test("a link with a line break inside the code shows it in the field as the message names it", async ({ page }) => {
    await page.goto("/actions?code=17%0A101");
    await expect(codeInput(page)).toHaveValue("17\u240a101");
    await expect(
      page.getByText("A code has digits only: a line break (U+000A, shown as \u240a) is not a digit."),
    ).toBeVisible();
    await expect(unitCode(page)).not.toHaveText(/\d/);
    // Taking the line break out leaves the code.
    await codeInput(page).press("End");
    for (let step = 0; step < 3; step++) await codeInput(page).press("ArrowLeft");
    await codeInput(page).press("Backspace");
    await expect(codeInput(page)).toHaveValue("17101");
    await expect(unitCode(page)).toHaveText("17101");
  });

  // The browser cuts a paste at the 5-character limit: 172355 would quietly read as the valid code 17235.
  for (const pasted of ["172355", "17235\t5"]) {
    test(`a paste of ${JSON.stringify(pasted)} is not cut to a code: it shows whole and says what is wrong`, async ({
      page,
      context,
    }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.goto("/actions?code=");
      await page.evaluate((text) => navigator.clipboard.writeText(text), pasted);
      await codeInput(page).focus();
      await page.keyboard.press("Control+V");
      await expect(codeInput(page)).toHaveValue("172355");
      await expect(page.getByText(codeTooLongProblem(6))).toBeVisible();
      await expect(codeInput(page)).toHaveAttribute("aria-invalid", "true");
      await expect(unitCode(page)).not.toHaveText(/\d/);
      await expect(page.getByRole("switch", { checked: true })).toHaveCount(0);
      await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Copy code" })).toBeDisabled();
      await expect(page).toHaveURL(/code=172355/);
    });
  }

  test("a paste of digits in another script reads as the code", async ({ page }) => {
    await page.goto("/actions?code=");
    await codeInput(page).focus();
    // A paste event as the browser sends it, with the text on its own clipboard data.
    await page.evaluate(() => {
      const clipboardData = new DataTransfer();
      clipboardData.setData("text/plain", "١٧٢٣٥");
      document.activeElement!.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData, bubbles: true, cancelable: true }),
      );
    });
    await expect(codeInput(page)).toHaveValue("17235");
    await expect(unitCode(page)).toHaveText("17235");
  });

  test("an invalid code says what is wrong and selects nothing", async ({ page }) => {
    await page.goto("/actions?code=17101");
    await codeInput(page).fill("17199");
    await expect(
      page.getByText("The last two digits are the outputs and go from 00 to 63; 99 is too high."),
    ).toBeVisible();
    await expect(codeInput(page)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByRole("switch", { checked: true })).toHaveCount(0);
    await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Copy code" })).toBeDisabled();
  });
});

test("copy buttons put the code and a link to it on the clipboard", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/actions?code=17235");
  await page.getByRole("button", { name: "Copy code" }).click();
  await expect(page.getByRole("button", { name: "Code copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("17235");
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("button", { name: "Link copied" })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(`${baseURL}/actions?code=17235`);
  await page.goto(link);
  await expect(unitCode(page)).toHaveText("17235");
});

test("works with the keyboard only", async ({ page }) => {
  await page.goto("/actions");
  await page.getByRole("tab", { name: "I NEED the code" }).focus();
  await page.keyboard.press("Tab"); // into the first switch
  await expect(outputSwitch(page, "Operation Message")).toBeFocused();
  await page.keyboard.press("Space");
  await expect(unitCode(page)).toHaveText("17101");
  await expect(outputSwitch(page, "Operation Message")).toBeFocused();
  for (let step = 0; step < 6; step++) await page.keyboard.press("Tab");
  await expect(page.getByRole("radio", { name: /^no action/ })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(unitCode(page)).toHaveText("17201");
  const focusOutline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
  expect(focusOutline).not.toBe("none");

  // Arrow keys move between tabs; the tab switch clears and decodes.
  await page.getByRole("tab", { name: "I NEED the code" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "I HAVE the code" })).toHaveAttribute("aria-selected", "true");
  await expect(unitCode(page)).toHaveText("17101");
});

// /actions?code=17464 (an invalid code) is scanned in shell/accessibility.spec.ts, in light and dark colours.
for (const path of ["/actions?tab=need&output=POT_FREE_2&action=alarm", "/actions?code=17235"]) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(unitCode(page)).toBeVisible();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
}
