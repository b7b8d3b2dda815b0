import { Alert } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useState } from "react";
import { notKeptNoticeText, type NotKept } from "~/lib/merger/fileListStorageText";

/**
 * What the last visit showed and this one cannot: files whose load never finished (the tab crashed or was
 * closed), and what a reload lost because the browser never stored it.
 */
export function NotKeptNotice({ notKept }: { notKept: NotKept[] }) {
  // Only the first load of a visit knows; each notice stays until closed.
  const [shown, setShown] = useState(notKept);
  return shown.map((item, index) => {
    const { title, text } = notKeptNoticeText(item);
    return (
      <Alert
        key={item.cause}
        color="orange"
        icon={<IconAlertTriangle size={20} />}
        title={title}
        withCloseButton
        closeButtonLabel="Close notice"
        onClose={() => setShown((current) => current.filter((_, at) => at !== index))}
        role="alert"
      >
        {text}
      </Alert>
    );
  });
}
