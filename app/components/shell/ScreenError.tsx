import { Alert, Button, Stack } from "@mantine/core";
import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { PageNotFound } from "~/components/shell/PageNotFound";
import { useHeldOnlyInTab } from "~/components/shell/useHeldOnlyInTab";
import { logger } from "~/lib/shell/logger";
import { screenErrorReloadText } from "~/lib/shell/reloadOffer";

/** What the root error boundary shows: page not found, or a readable message instead of a blank screen. */
export default function ScreenError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const heldOnlyInTab = useHeldOnlyInTab();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <PageNotFound pathname={pathname} />;
  }
  logger.error("Something went wrong", error);
  // Never "null" or "undefined" on screen: a thrown non-text (WebKit rejects with null) gets the fallback below.
  const reason =
    error instanceof Error
      ? error.message
      : isRouteErrorResponse(error)
        ? error.statusText
        : typeof error === "string"
          ? error
          : "";
  return (
    <Alert color="red" title="Something went wrong on this screen" role="alert" maw={640}>
      <Stack gap="sm" align="flex-start">
        <span>{reason || "An unexpected error happened."}</span>
        <span>{screenErrorReloadText(heldOnlyInTab)}</span>
        <Button variant="white" color="red" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </Stack>
    </Alert>
  );
}
