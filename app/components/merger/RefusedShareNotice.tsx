import { Alert } from "@mantine/core";
import { useSearchParams } from "@remix-run/react";
import { IconShieldX } from "@tabler/icons-react";
import { forgetRefusedShare } from "~/lib/merger/browser/sharedFiles";
import { refusedShareNotice } from "~/lib/merger/sharedFiles";

/**
 * Files were sent to the share target and refused (public/share-target-sw.js): said, so a share the
 * technician made is never lost without a word. Closing it takes the mark off the address and out of the cache.
 */
export function RefusedShareNotice() {
  const [, setSearchParams] = useSearchParams();
  return (
    <Alert
      color="yellow"
      icon={<IconShieldX size={20} />}
      title={refusedShareNotice.title}
      withCloseButton
      closeButtonLabel="Close notice"
      onClose={() => {
        void forgetRefusedShare().catch(() => undefined);
        setSearchParams(
          (current) => {
            current.delete("share");
            return current;
          },
          { replace: true, preventScrollReset: true },
        );
      }}
      role="alert"
    >
      {refusedShareNotice.message}
    </Alert>
  );
}
