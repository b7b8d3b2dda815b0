import { Text, TextInput } from "@mantine/core";
import { labelLeftOut, serviceLabelMaxLength } from "~/lib/merger/fileListIntents";
import { fileListTexts } from "~/lib/merger/fileListTexts";

/**
 * The site/unit label. The field holds whatever is entered, however it came (typing, a paste, a phone's keyboard,
 * dictation), and says under it what the list and the record keep of a label that is too long: the browser's own
 * length limit would cut it in silence.
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
  const leftOut = labelLeftOut(value);
  return (
    <TextInput
      name="serviceLabel"
      label="Site / unit (optional)"
      description={
        leftOut > 0 ? (
          <Text component="span" inherit c="var(--mantine-color-orange-text)">
            {fileListTexts.labelCut(serviceLabelMaxLength, leftOut)}
          </Text>
        ) : (
          "Goes into the service record of the download."
        )
      }
      placeholder="e.g. Fjordview pool 2"
      readOnly={readOnly}
      value={value}
      // A read-only field takes no typing, and no input a script or an assistive tool sends it either.
      onChange={(event) => (readOnly ? undefined : onChange(event.currentTarget.value))}
      onBlur={onBlur}
    />
  );
}
