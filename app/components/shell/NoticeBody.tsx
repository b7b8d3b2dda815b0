import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import type { NoticeText } from "~/lib/shell/noticeText";
import { Details } from "./Details";

/**
 * A notice's text inside its alert or dialog: the verdict first, then why and what to do, the long explanation
 * behind Details. `children` come after the explanation (a link, a button: what to do with it).
 */
export function NoticeBody({ notice, children }: { notice: NoticeText; children?: ReactNode }) {
  return (
    <Stack gap={6} align="stretch">
      <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
        {notice.verdict}
      </Text>
      {notice.explanation ? (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {notice.explanation}
        </Text>
      ) : null}
      {children}
      {notice.details ? <Details>{notice.details}</Details> : null}
    </Stack>
  );
}
