import { Text, TextInput } from "@mantine/core";
import { useState, type ClipboardEvent, type KeyboardEvent } from "react";
import { serviceLabelMaxLength } from "~/lib/merger/fileListIntents";
import { fileListTexts } from "~/lib/merger/fileListTexts";

/** How many characters of an insertion the field's length leaves out (the browser cuts them without a word). */
function leftOutBy(input: HTMLInputElement, inserted: string): number {
  const selected = (input.selectionEnd ?? input.value.length) - (input.selectionStart ?? input.value.length);
  return Math.max(0, input.value.length - selected + inserted.length - serviceLabelMaxLength);
}

/**
 * The site/unit label. The field holds at most its length, as the record does; what a paste or typing puts past
 * it is said under the field until the label is shorter again, never cut in silence.
 */
export function ServiceLabelInput({
  value,
  readOnly,
  onChange,
  onBlur,
}: {
  value: string;
  readOnly: boolean;
  onChange: (label: string) => void;
  onBlur: () => void;
}) {
  const [leftOut, setLeftOut] = useState(0);
  return (
    <TextInput
      name="serviceLabel"
      label="Site / unit (optional)"
      description={
        leftOut > 0 ? (
          <Text component="span" inherit c="var(--mantine-color-orange-text)" data-testid="label-cut">
            {fileListTexts.labelCut(serviceLabelMaxLength, leftOut)}
          </Text>
        ) : (
          "Goes into the service record of the download."
        )
      }
      placeholder="e.g. Fjordview pool 2"
      maxLength={serviceLabelMaxLength}
      readOnly={readOnly}
      value={value}
      onPaste={(event: ClipboardEvent<HTMLInputElement>) =>
        setLeftOut(leftOutBy(event.currentTarget, event.clipboardData.getData("text")))
      }
      onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key.length === 1 && !event.ctrlKey && !event.metaKey)
          setLeftOut(leftOutBy(event.currentTarget, event.key));
      }}
      onChange={(event) => {
        if (event.currentTarget.value.length < serviceLabelMaxLength) setLeftOut(0);
        onChange(event.currentTarget.value);
      }}
      onBlur={onBlur}
    />
  );
}
