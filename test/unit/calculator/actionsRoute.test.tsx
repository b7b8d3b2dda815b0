import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { codeTooLongProblem, codeTypedPastLength } from "~/lib/calculator/actionCode";
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
  it("gives the origin that links to a code start with", async () => {
    expect(await clientLoader(loaderArgs("http://localhost:4273/actions?code=17101"))).toEqual({
      origin: "http://localhost:4273",
    });
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

  it("says a link naming two codes names two, decodes neither, and takes a code typed after it", async () => {
    renderActions("/actions?code=17101&code=17235");
    expect(
      await screen.findByText("This link names 2 codes, 17101 and 17235, and opens one: type the code you mean."),
    ).toBeInTheDocument();
    const input = screen.getByRole("textbox", { name: "Code from the unit" });
    expect(input).toHaveValue("");
    expect(input).toHaveAttribute("aria-invalid", "true");
    for (const outputSwitch of screen.getAllByRole("switch")) expect(outputSwitch).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Copy code" })).toBeDisabled();
    await userEvent.type(input, "17235");
    expect(await screen.findByTestId("unit-code")).toHaveTextContent("17235");
    expect(screen.queryByText(/This link names 2 codes/)).not.toBeInTheDocument();
  }, 15_000);

  it("gives a neutral hint, not an error, while the code is unfinished", async () => {
    renderActions("/actions?code=171");
    expect(await screen.findByText("3 of 5 digits typed.")).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "Code from the unit" })).not.toHaveAttribute("aria-invalid", "true");
  });

  it("decodes a deep link on a bare /actions?code=17101 into I HAVE", async () => {
    renderActions("/actions?code=17101");
    expect(await screen.findByRole("tab", { name: "I HAVE the code" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByRole("radio", { name: /^no action/ })).toBeChecked();
  });

  it("keeps every character typed fast while the URL catches up", async () => {
    const user = userEvent.setup({ delay: null });
    renderActions("/actions?code=");
    const input = await screen.findByRole("textbox", { name: "Code from the unit" });
    await user.type(input, "17235");
    expect(input).toHaveValue("17235");
    expect(screen.getByTestId("unit-code")).toHaveTextContent("17235");
  });

  it("shows how the code is built: the sum of the weights and the binary", async () => {
    renderActions("/actions?code=17235");
    expect(await screen.findByTestId("outputs-sum")).toHaveTextContent("35 = 32 + 2 + 1");
    expect(screen.getByTestId("outputs-binary")).toHaveTextContent("100011");
    const outputs = within(screen.getByRole("group", { name: "Potential Free Outputs" }));
    expect(outputs.getByRole("img", { name: "Error, POT_FREE_3: contact closed" })).toBeInTheDocument();
    expect(outputs.getByRole("img", { name: "Alarm, POT_FREE_2: contact opened" })).toBeInTheDocument();
  });

  it("takes a pasted code with a label and spaces", async () => {
    renderActions("/actions?code=");
    const input = await screen.findByRole("textbox", { name: "Code from the unit" });
    fireEvent.paste(input, { clipboardData: { getData: () => "code: 17 235" } });
    expect(input).toHaveValue("17235");
    expect(screen.getByTestId("unit-code")).toHaveTextContent("17235");
  });

  it("shows a paste of six digits whole, says what is wrong and decodes nothing", async () => {
    renderActions("/actions?code=");
    const input = await screen.findByRole("textbox", { name: "Code from the unit" });
    fireEvent.paste(input, { clipboardData: { getData: () => "172355" } });
    expect(input).toHaveValue("172355");
    expect(screen.getByText(codeTooLongProblem(6))).toBeInTheDocument();
    expect(screen.getByTestId("unit-code")).not.toHaveTextContent(/\d/);
    for (const outputSwitch of screen.getAllByRole("switch")) expect(outputSwitch).not.toBeChecked();
    expect(screen.getByRole("button", { name: "Copy code" })).toBeDisabled();
  });

  it("pastes at the caret of a full input without cutting the paste", async () => {
    renderActions("/actions?code=17101");
    const input = await screen.findByRole("textbox", { name: "Code from the unit" });
    (input as HTMLInputElement).setSelectionRange(5, 5);
    fireEvent.paste(input, { clipboardData: { getData: () => "2" } });
    expect(input).toHaveValue("171012");
    expect(screen.getByText(codeTooLongProblem(6))).toBeInTheDocument();
  });

  it("typed past five, the field keeps five and decodes them, and the note says what the field holds", async () => {
    const user = userEvent.setup({ delay: null });
    renderActions("/actions?code=");
    const input = await screen.findByRole("textbox", { name: "Code from the unit" });
    await user.type(input, "172355");
    expect(input).toHaveValue("17235");
    expect(screen.getByTestId("unit-code")).toHaveTextContent("17235");
    // True to the field: not "this one has 6", and no error on a field that holds a valid code.
    expect(screen.queryByText(codeTooLongProblem(6))).not.toBeInTheDocument();
    expect(input).not.toHaveAttribute("aria-invalid", "true");
    expect(screen.getByText(codeTypedPastLength("17235"))).toBeInTheDocument();
    // The next change of the field ends the note.
    await user.type(input, "{Backspace}");
    expect(screen.queryByText(codeTypedPastLength("17235"))).not.toBeInTheDocument();
  });

  it("reads digits typed in another script as the code", async () => {
    const user = userEvent.setup({ delay: null });
    renderActions("/actions?code=");
    const input = await screen.findByRole("textbox", { name: "Code from the unit" });
    await user.type(input, "١٧٢٣٥");
    expect(input).toHaveValue("17235");
    expect(screen.getByTestId("unit-code")).toHaveTextContent("17235");
  });

  it("names an invisible character in a linked code by its code point", async () => {
    renderActions("/actions?code=17101%E2%80%8B");
    expect(
      await screen.findByText("A code has digits only: a zero width space (U+200B) is not a digit."),
    ).toBeInTheDocument();
  });
});
