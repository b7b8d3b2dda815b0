import { Button, type ButtonProps } from "@mantine/core";
import { useNavigation, useSubmit } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A button that posts its form with `intent` and is disabled from the click until the request ends: the busy
 * state renders at once (flushSync, not in a transition), so a double click's second click finds it disabled.
 */
export function SubmitOnceButton({
  intent,
  children,
  ...buttonProps
}: ButtonProps & { intent: string; children: ReactNode }) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Button
      {...buttonProps}
      type="submit"
      loading={busy}
      onClick={(event) => {
        event.preventDefault();
        const form = event.currentTarget.form;
        const formData = new FormData(form ?? undefined);
        formData.set("intent", intent);
        submit(formData, {
          method: "post",
          action: form?.getAttribute("action") ?? undefined,
          flushSync: true,
          preventScrollReset: true,
        });
      }}
    >
      {children}
    </Button>
  );
}
