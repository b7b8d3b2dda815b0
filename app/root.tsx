import "./mantine.css";
import "./themeVariables.css";
import "./theme.css";

import { ColorSchemeScript, Loader, MantineProvider, Stack, Text, mantineHtmlProps } from "@mantine/core";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  type ClientLoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/react";
import { Suspense, lazy, type ReactNode } from "react";
import { AppFrame } from "~/components/shell/AppFrame";
import { FirstScreenHeading } from "~/components/shell/FirstScreenHeading";
import { contentSecurityPolicy, trustedTypesPolicyScript } from "~/lib/shell/contentSecurityPolicy";
import { javaScriptNeeded, pageTitle, productDescription, themeColor } from "~/lib/shell/product";
import { printedBeforeStart } from "~/lib/shell/screenHeadings";
import { earlyInputScript } from "~/lib/shell/browser/earlyInputScript";
import { hasWaitingToast } from "~/lib/shell/browser/toastStorage";
import { theme } from "~/theme";

export const meta: MetaFunction = () => [{ title: pageTitle() }];

export async function clientLoader({ request }: ClientLoaderFunctionArgs) {
  // remix-toast (and zod with it) loads only once a toast is waiting, never for the first screen.
  if (!hasWaitingToast()) return { toast: null };
  const { waitingToast } = await import("~/lib/shell/browser/toastSession");
  return { toast: await waitingToast(request) };
}

// Not needed to paint the first screen: loaded right after it.
const ShellNotices = lazy(() => import("~/components/shell/ShellNotices"));

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <meta charSet="utf-8" />
        <meta httpEquiv="Content-Security-Policy" content={contentSecurityPolicy()} />
        <script dangerouslySetInnerHTML={{ __html: trustedTypesPolicyScript }} />
        {/* Runs once, from index.html: the app's own code leaves it out (the hydration keeps the element). */}
        <script dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? earlyInputScript : "" }} />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="description" content={productDescription} />
        <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="apple-touch-icon" href="/icon-192.png" />
        <meta name="theme-color" content={themeColor} />
        <Meta />
        <Links />
        <ColorSchemeScript defaultColorScheme="auto" />
      </head>
      <body>
        {/* The theme's CSS variables come from themeVariables.css, not computed on each render. */}
        <MantineProvider theme={theme} defaultColorScheme="auto" withCssVariables={false}>
          <AppFrame>{children}</AppFrame>
        </MantineProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useLoaderData<typeof clientLoader>();
  return (
    <>
      <Suspense fallback={null}>
        <ShellNotices toast={toast} />
      </Suspense>
      <Outlet />
    </>
  );
}

/** Rendered into index.html at build time and shown until the app has started. */
export function HydrateFallback() {
  return (
    <>
      <FirstScreenHeading />
      <Stack align="center" py="xl" data-app-loading>
        <Loader role="status" aria-label="Loading" />
      </Stack>
      <Text ta="center" py="xl" data-printed-before-start>
        {printedBeforeStart}
      </Text>
      {/* Without JavaScript nothing would ever replace the spinner: say why instead. */}
      <noscript>
        <style>{"[data-app-loading]{display:none}"}</style>
        <Text ta="center" py="xl">
          {javaScriptNeeded}
        </Text>
      </noscript>
    </>
  );
}

// Only a broken screen or an unknown address needs this: loaded then.
const ScreenError = lazy(() => import("~/components/shell/ScreenError"));

export function ErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <ScreenError />
    </Suspense>
  );
}
