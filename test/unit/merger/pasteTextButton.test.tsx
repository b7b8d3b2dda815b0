/** "Paste text" on a touch screen where the browser will not give the clipboard: the text is typed into a box. */
import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PasteTextButton } from "~/components/merger/PasteTextButton";
import { theme } from "~/theme";

beforeEach(() => {
  vi.stubGlobal("navigator", {
    ...navigator,
    clipboard: { readText: () => Promise.reject(new DOMException("Read permission denied.", "NotAllowedError")) },
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const renderButton = (nextName: string, onText: (text: string) => void) => (
  <MantineProvider theme={theme}>
    <PasteTextButton onText={onText} nextName={nextName} />
  </MantineProvider>
);

async function openBox() {
  fireEvent.click(screen.getByRole("button", { name: "Paste text" }));
  return screen.findByRole("textbox", { name: "Parameter text" });
}

describe("Paste text, typed into the box", () => {
  it("keeps the typed text until its file is listed, so an add that was refused does not lose it", async () => {
    const onText = vi.fn();
    const { rerender } = render(renderButton("pasted-1.txt", onText));
    fireEvent.change(await openBox(), { target: { value: "P001\n1\n" } });
    fireEvent.click(screen.getByRole("button", { name: "Add pasted-1.txt" }));
    expect(onText).toHaveBeenCalledWith("P001\n1\n");
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Parameter text" })).not.toBeInTheDocument());

    // Refused (the set is too big for this device): nothing was listed, the next name is the same.
    rerender(renderButton("pasted-1.txt", onText));
    expect(await openBox()).toHaveValue("P001\n1\n");
    fireEvent.click(screen.getByRole("button", { name: "Add pasted-1.txt" }));
    await waitFor(() => expect(screen.queryByRole("textbox", { name: "Parameter text" })).not.toBeInTheDocument());

    // Listed: the next paste starts with an empty box.
    rerender(renderButton("pasted-2.txt", onText));
    expect(await openBox()).toHaveValue("");
  });
});
