/** The site/unit label's field: a read-only tab's field passes on no input at all, however it comes. */
import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ServiceLabelInput } from "~/components/merger/ServiceLabelInput";
import { theme } from "~/theme";

const renderField = (readOnly: boolean, onChange: (label: string) => void) =>
  render(
    <MantineProvider theme={theme}>
      <ServiceLabelInput value="Unit 3" readOnly={readOnly} onChange={onChange} onBlur={() => undefined} />
    </MantineProvider>,
  );

describe("the site/unit label's field", () => {
  it("passes on what is entered in the tab that edits the list", () => {
    const onChange = vi.fn();
    renderField(false, onChange);
    fireEvent.change(screen.getByLabelText("Site / unit (optional)"), { target: { value: "Unit 4" } });
    expect(onChange).toHaveBeenCalledWith("Unit 4");
  });

  it("passes on nothing in a read-only tab, not even an input event sent by a script or an assistive tool", () => {
    const onChange = vi.fn();
    renderField(true, onChange);
    fireEvent.change(screen.getByLabelText("Site / unit (optional)"), { target: { value: "Unit 4" } });
    expect(onChange).not.toHaveBeenCalled();
  });
});
