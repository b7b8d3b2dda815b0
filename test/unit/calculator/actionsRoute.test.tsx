import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import Actions, { clientLoader } from "~/routes/actions";
import { renderApp } from "../renderApp";

const renderActions = (path: string) =>
  renderApp(path, [{ path: "actions", Component: Actions, loader: clientLoader as never }]);

const loaderArgs = (url: string) => ({
  request: new Request(url),
  params: {},
  serverLoader: async () => undefined as never,
});

describe("/actions clientLoader", () => {
  it("decodes a valid code parameter into the I HAVE tab", async () => {
    const { calculator } = await clientLoader(loaderArgs("http://localhost/actions?code=17101"));
    expect(calculator.tab).toBe("have");
    expect(calculator.enteredCodeReading).toEqual({
      status: "valid",
      code: "17101",
      selection: { closedOutputs: ["POT_FREE_1"], action: "no-action" },
    });
  });

  it("reports an invalid code parameter instead of failing", async () => {
    const { calculator } = await clientLoader(loaderArgs("http://localhost/actions?code=99x"));
    expect(calculator.enteredCodeReading).toMatchObject({ status: "invalid" });
  });

  it("starts on I NEED with 17100 when there is no code parameter", async () => {
    const { calculator } = await clientLoader(loaderArgs("http://localhost/actions"));
    expect(calculator).toMatchObject({ tab: "need", needCode: "17100", enteredCode: "17101" });
  });
});

describe("/actions screen", () => {
  it("shows 17100 with no output closed and 'no action' selected on I NEED", async () => {
    renderActions("/actions");
    expect(await screen.findByTestId("unit-code")).toHaveTextContent("17100");
    expect(screen.getByRole("tab", { name: "I NEED the code" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("radio", { name: /no action/ })).toBeChecked();
    for (const outputSwitch of screen.getAllByRole("switch")) expect(outputSwitch).not.toBeChecked();
  });

  it("shows a deep-linked code decoded, read-only, on I HAVE", async () => {
    renderActions("/actions?code=17235");
    expect(await screen.findByTestId("unit-code")).toHaveTextContent("17235");
    expect(screen.getByRole("textbox", { name: "Code from the unit" })).toHaveValue("17235");
    expect(screen.getByRole("switch", { name: /Operation Message/ })).toBeChecked();
    expect(screen.getByRole("switch", { name: /Error/ })).toBeChecked();
    expect(screen.getByRole("switch", { name: /Filter 80%/ })).toBeChecked();
    expect(screen.getByRole("switch", { name: /Alarm/ })).not.toBeChecked();
    expect(screen.getByRole("radio", { name: /^alarm/ })).toBeChecked();
    expect(screen.getByRole("switch", { name: /Operation Message/ })).toBeDisabled();
  });

  it("says what is wrong with an invalid code and selects nothing", async () => {
    renderActions("/actions?code=17464");
    expect(
      await screen.findByText("The 3rd digit is the action and must be 0, 1, 2, 3 or 5; 4 is not an action."),
    ).toBeInTheDocument();
    for (const outputSwitch of screen.getAllByRole("switch")) expect(outputSwitch).not.toBeChecked();
    for (const radio of screen.getAllByRole("radio")) expect(radio).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Copy code" })).toBeDisabled();
  });

  it("gives a neutral hint, not an error, while the code is unfinished", async () => {
    renderActions("/actions?code=171");
    expect(await screen.findByText("3 of 5 digits typed.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Code from the unit" })).not.toHaveAttribute("aria-invalid", "true");
  });
});
