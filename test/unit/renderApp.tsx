import { MantineProvider } from "@mantine/core";
import { createRemixStub } from "@remix-run/testing";
import { render } from "@testing-library/react";
import { AppFrame } from "~/components/shell/AppFrame";
import App, { ErrorBoundary, clientLoader } from "~/root";
import { theme } from "~/theme";

type StubRoutes = Parameters<typeof createRemixStub>[0];

/**
 * Renders the real root route (frame, toasts and notices, error boundary) with the
 * given child routes at `path`. Root's Layout renders <html>, which a test
 * cannot mount, so the frame it would add is added here.
 */
export function renderApp(path: string, childRoutes: StubRoutes) {
  const RemixStub = createRemixStub([
    {
      id: "root",
      path: "/",
      loader: clientLoader as never,
      Component: () => (
        <AppFrame>
          <App />
        </AppFrame>
      ),
      ErrorBoundary: () => (
        <AppFrame>
          <ErrorBoundary />
        </AppFrame>
      ),
      children: childRoutes,
    },
  ]);
  return render(
    <MantineProvider theme={theme}>
      <RemixStub initialEntries={[path]} />
    </MantineProvider>,
  );
}
