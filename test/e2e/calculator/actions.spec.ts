import type { Page } from "@playwright/test";
import { expect, test } from "../test";
import {
  alarmActions,
  codeTooLongProblem,
  codeTypedPastLength,
  relayOutputs,
} from "../../../app/lib/calculator/actionCode";

const unitCode = (page: Page) => page.getByTestId("unit-code");
const outputSwitch = (page: Page, name: string) => page.getByRole("switch", { name: new RegExp(`^${name}`) });
const codeInput = (page: Page) => page.getByRole("textbox", { name: "Code from the unit" });
const code = (mask: number, digit = 1) => `17${digit}${String(mask).padStart(2, "0")}`;

/** Sets the clipboard to `text` and pastes it into the code input with Ctrl+V, over what is selected there. */
async function paste(page: Page, text: string) {
  await page.evaluate((pasted) => navigator.clipboard.writeText(pasted), text);
  await page.keyboard.press("Control+V");
}

// The screens on this spec are scanned with axe in glance.spec.ts: I NEED the code with the QR code of its code,
// I HAVE the code with 17235 and its recent codes; /actions?code=17464 (an invalid code) in
// shell/accessibility.spec.ts, in light and dark colours.

test.describe("I NEED the code", () => {
  test("each output sets its own bit of the mask, each action its digit, and how the code is built follows live", async ({
    page,
  }) => {
    await page.goto("/actions");
    await expect(unitCode(page)).toHaveText("17100");
    await expect(page.getByText("0 = all opened", { exact: true })).toBeVisible();
    await expect(page.getByText("000000", { exact: true })).toBeVisible();
    for (const output of relayOutputs) await expect(page.getByText(`${output.pcbName} · opened`)).toBeVisible();

    let mask = 0;
    await test.step("each output switched on adds its own bit, and only it, to the mask", async () => {
      for (const output of relayOutputs) {
        await outputSwitch(page, output.name).click();
        mask |= 1 << output.bit;
        await expect(unitCode(page)).toHaveText(code(mask));
        await expect(page.getByText(`${output.pcbName} · closed`)).toBeVisible();
      }
      expect(mask).toBe(63);
    });

    await test.step("each output switched off takes its own bit away", async () => {
      for (const name of ["Error", "Filter Police", "Filter 80%"]) {
        const output = relayOutputs.find((relay) => relay.name === name)!;
        await outputSwitch(page, name).click();
        mask &= ~(1 << output.bit);
        await expect(unitCode(page)).toHaveText(code(mask));
        await expect(page.getByText(`${output.pcbName} · opened`)).toBeVisible();
      }
      expect(mask).toBe(16 + 4 + 1);
    });

    await test.step("how the code is built follows the switches", async () => {
      await expect(page.getByText("21 = 16 + 4 + 1", { exact: true })).toBeVisible();
      await expect(page.getByText("010101", { exact: true })).toBeVisible();
      await expect(
        page
          .getByRole("group", { name: "Potential Free Outputs" })
          .getByRole("img", { name: /POT_FREE_2: contact closed/ }),
      ).toBeVisible();
      await expect(
        page.getByRole("cell", { name: "outputs: Alarm 16 + Filter 100% 4 + Operation Message 1" }),
      ).toBeVisible();
    });

    await test.step("each action with this combination of outputs", async () => {
      for (const action of alarmActions) {
        await page.getByRole("radio", { name: action.name, exact: true }).click();
        await expect(unitCode(page)).toHaveText(code(mask, action.digit));
        // Exactly one action is selected at a time.
        await expect(page.getByRole("radio", { checked: true })).toHaveCount(1);
      }
    });
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

test("works with the keyboard only, and switching tab clears the selection: I NEED then shows 17000, I HAVE decodes the typed code", async ({
  page,
}) => {
  await page.goto("/actions");
  await test.step("works with the keyboard only", async () => {
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
  });

  await test.step("arrow keys move between tabs; the tab switch clears and decodes", async () => {
    await page.getByRole("tab", { name: "I NEED the code" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "I HAVE the code" })).toHaveAttribute("aria-selected", "true");
    await expect(codeInput(page)).toHaveValue("17101");
    await expect(unitCode(page)).toHaveText("17101");
    await expect(outputSwitch(page, "Operation Message")).toBeChecked();
  });

  await test.step("a click on a tab clears the selection: I NEED shows 17000, I HAVE the typed code", async () => {
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
  test("a deep link opens the tab with the code decoded, also after a reload, and a link's or a typed code's fault is named", async ({
    page,
  }) => {
    await test.step("a deep link opens the tab with the code decoded, also after a reload", async () => {
      await page.goto("/actions?code=17101");
      await expect(page.getByRole("tab", { name: "I HAVE the code" })).toHaveAttribute("aria-selected", "true");
      await expect(codeInput(page)).toHaveValue("17101");
      await expect(outputSwitch(page, "Operation Message")).toBeChecked();
      await expect(page.getByRole("radio", { name: /^no action/ })).toBeChecked();
      await page.reload();
      await expect(codeInput(page)).toHaveValue("17101");
      await expect(unitCode(page)).toHaveText("17101");
    });

    await test.step("an invalid code says what is wrong and selects nothing", async () => {
      await codeInput(page).fill("17199");
      await expect(
        page.getByText("The last two digits are the outputs and go from 00 to 63; 99 is too high."),
      ).toBeVisible();
      await expect(codeInput(page)).toHaveAttribute("aria-invalid", "true");
      await expect(page.getByRole("switch", { checked: true })).toHaveCount(0);
      await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Copy code" })).toBeDisabled();
    });

    await test.step("a link with a line break inside the code shows it in the field as the message names it", async () => {
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
  });

  test("typing decodes as you go, with a hint until five digits, read-only controls and at most five characters; an input method's digits are read once composed", async ({
    page,
  }) => {
    await page.goto("/actions?code=");
    await test.step("typing decodes as you go, with a hint until five digits and read-only controls", async () => {
      await expect(page.getByText("Type the 5-digit code, e.g. 17101.")).toBeVisible();
      // A phone shows its number pad for this field.
      await expect(codeInput(page)).toHaveAttribute("inputmode", "numeric");
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

    await test.step("at most five characters can be typed", async () => {
      await expect(codeInput(page)).toHaveAttribute("maxlength", "5");
      await codeInput(page).pressSequentially("99");
      await expect(codeInput(page)).toHaveValue("17363");
      // The digits that did not go in are not dropped without a word, and the word is true to the field: it holds
      // 17363 and decodes it, so no "this one has 6" and no error.
      await expect(page.getByText(codeTypedPastLength("17363"))).toBeVisible();
      await expect(page.getByText(codeTooLongProblem(6))).toHaveCount(0);
      await expect(codeInput(page)).not.toHaveAttribute("aria-invalid", "true");
      await expect(unitCode(page)).toHaveText("17363");
      await codeInput(page).press("Backspace");
      await expect(page.getByText("4 of 5 digits typed.")).toBeVisible();
      await expect(page.getByText(codeTypedPastLength("17363"))).toHaveCount(0);
    });

    await test.step("digits typed with an input method (full-width) are read once composed, never typed twice", async () => {
      await codeInput(page).fill("");
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
  });

  // Each paste is read by textAfterPaste (app/lib/calculator/pastedCode.ts): the variants of labels, spaces, line
  // breaks, tabs and other scripts' digits are its cases in test/unit/calculator/pastedCode.test.ts; here one of
  // each kind proves the screen reads the browser's own paste (Ctrl+V) with it.
  test("a pasted code with a label replaces the field; pasted text that is not one code goes in whole, is not cut to a code, and says what is wrong", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/actions?code=17101");
    await codeInput(page).focus();

    await test.step('pasting "code: 17235" gives 17235', async () => {
      await paste(page, "code: 17235");
      await expect(codeInput(page)).toHaveValue("17235");
      await expect(unitCode(page)).toHaveText("17235");
    });

    await test.step("pasted text that is not one code gets the message typed text gets", async () => {
      await page.keyboard.press("Control+A");
      await paste(page, "code 17-235");
      await expect(codeInput(page)).toHaveValue("17-235");
      await expect(page.getByText('A code has digits only: "-" is not a digit.')).toBeVisible();
    });

    // The browser cuts a paste at the 5-character limit: 172355 would quietly read as the valid code 17235.
    await test.step('a paste of "172355" is not cut to a code: it shows whole and says what is wrong', async () => {
      await page.keyboard.press("Control+A");
      await paste(page, "172355");
      await expect(codeInput(page)).toHaveValue("172355");
      await expect(page.getByText(codeTooLongProblem(6))).toBeVisible();
      await expect(codeInput(page)).toHaveAttribute("aria-invalid", "true");
      await expect(unitCode(page)).not.toHaveText(/\d/);
      await expect(page.getByRole("switch", { checked: true })).toHaveCount(0);
      await expect(page.getByRole("radio", { checked: true })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Copy code" })).toBeDisabled();
      await expect(page).toHaveURL(/code=172355/);
    });
  });
});
