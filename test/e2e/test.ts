/**
 * The `test` of every browser spec: Playwright's, with a browser context kept for the worker's next test.
 *
 * Each test still gets a page of its own, and starts with nothing of the tests before it: no pages, no storage of
 * any kind (IndexedDB, the private file system, web storage, Cache Storage, service workers, cookies), no
 * permissions, online. What is kept is the context itself, with one blank page open on the app's origin, and its
 * HTTP cache: a new context for each test started a new renderer and compiled the app's code again each time, most
 * of a short test's time on a 2-core machine. The HTTP cache holds the built app's files, the same for every test;
 * a test that needs them fetched (the offline journey) loads them itself first, and page.route turns it off.
 *
 * The test's page is opened by the kept page (window.open), so it runs in that page's renderer process: a page the
 * browser opens itself starts a renderer of its own, and starting one for every test cost about a fifth of a
 * typical test's processor time. The new page's opener is then cut, so the app sees a tab as a technician opens it.
 * Other pages a test opens (a second tab) are opened the usual way, each in a renderer of its own, and so is the
 * page of a test that lets the service worker run: those tests were slower in a shared renderer, not faster.
 * A renderer keeps its own copy of an origin's localStorage, which outlives the pages that read it: the kept page
 * clears web storage itself, through that copy, before the browser's own storage is emptied, so the next test's page
 * cannot read a value of the test before.
 *
 * A context is kept only while a test leaves nothing in it that cannot be emptied: one whose test touched the clock
 * (`page.clock` is the context's), added an init script or a binding to the context, or set headers, a location or
 * credentials, let service workers run (one may still be installing) or crashed its page is closed after that test.
 * Tests that set other context options (`test.use`) get contexts of their own, kept for the next test with the same
 * options.
 */
import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "@playwright/test";

export { expect } from "@playwright/test";

/** What a test did to its context that emptying cannot undo. */
const lastingChanges = [
  "addInitScript",
  "exposeBinding",
  "exposeFunction",
  "setExtraHTTPHeaders",
  "setDefaultTimeout",
  "setDefaultNavigationTimeout",
  "setGeolocation",
  "setHTTPCredentials",
  "routeFromHAR",
  "routeWebSocket",
] as const;
const clockChanges = [
  "install",
  "fastForward",
  "pauseAt",
  "resume",
  "runFor",
  "setFixedTime",
  "setSystemTime",
] as const;

interface KeptContext {
  context: BrowserContext;
  /** The blank page that keeps the app's renderer between tests. */
  keeper: Page;
  /** Every origin the context's pages asked for: the storage to empty. */
  origins: Set<string>;
  /** Set once the test made a change that emptying cannot undo. */
  changed: boolean;
}

class KeptContexts {
  private readonly byOptions = new Map<string, KeptContext>();

  constructor(private readonly browser: Browser) {}

  /** The kept context for these options, emptied; a new one if none is kept. */
  async take(options: BrowserContextOptions): Promise<KeptContext> {
    const key = JSON.stringify(options);
    const kept = this.byOptions.get(key);
    if (kept && !kept.changed && !kept.keeper.isClosed()) {
      await emptied(kept, options);
      return kept;
    }
    if (kept) await kept.context.close();
    const fresh = await this.open(options);
    this.byOptions.set(key, fresh);
    return fresh;
  }

  async closeAll() {
    await Promise.all([...this.byOptions.values()].map(({ context }) => context.close()));
  }

  private async open(options: BrowserContextOptions): Promise<KeptContext> {
    const context = await this.browser.newContext(options);
    // The page that keeps the app's renderer: a file of the app, not the app itself (which would take the lock).
    const keeper = await context.newPage();
    await keeper.goto("/favicon.svg");
    // A context started from a storage state would lose it when emptied. A service worker may still be installing
    // (writing its caches) when its test ends: emptying does not stop it, closing the context does.
    const changed = options.storageState !== undefined || options.serviceWorkers === "allow";
    const kept: KeptContext = { context, keeper, origins: new Set(), changed };
    // A test's page that crashes takes the kept page's renderer down too: the next test gets a new context.
    keeper.on("crash", () => (kept.changed = true));
    context.on("request", (request) => {
      const { protocol, origin } = new URL(request.url());
      if (protocol === "http:" || protocol === "https:") kept.origins.add(origin);
    });
    const markChanged = <T extends object>(target: T, names: readonly (keyof T & string)[]) => {
      for (const name of names) {
        const method = target[name] as (...args: unknown[]) => unknown;
        Object.assign(target, {
          [name]: (...args: unknown[]) => {
            kept.changed = true;
            return method.apply(target, args);
          },
        });
      }
    };
    markChanged(context, lastingChanges);
    markChanged(context.clock, clockChanges);
    return kept;
  }
}

/** Closes the pages of the test before and empties what they kept. */
async function emptied({ context, keeper, origins }: KeptContext, options: BrowserContextOptions) {
  await Promise.all(context.pages().map((page) => (page === keeper ? undefined : page.close())));
  await context.unrouteAll({ behavior: "ignoreErrors" });
  await context.clearCookies();
  await context.clearPermissions();
  if (options.permissions) await context.grantPermissions(options.permissions);
  await context.setOffline(options.offline ?? false);
  await keeper.evaluate(() => (localStorage.clear(), sessionStorage.clear()));
  const session = await context.newCDPSession(keeper);
  for (const origin of origins) await session.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
  await session.detach();
}

export const test = base.extend<{ kept: KeptContext }, { keptContexts: KeptContexts }>({
  keptContexts: [
    async ({ browser }, provide) => {
      const contexts = new KeptContexts(browser);
      await provide(contexts);
      await contexts.closeAll();
    },
    { scope: "worker" },
  ],
  // Every context option Playwright has, so that a test.use of any of them gives a context with it.
  kept: async (
    {
      keptContexts,
      acceptDownloads,
      bypassCSP,
      colorScheme,
      contrast,
      clientCertificates,
      deviceScaleFactor,
      extraHTTPHeaders,
      forcedColors,
      geolocation,
      hasTouch,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      reducedMotion,
      screen,
      storageState,
      timezoneId,
      userAgent,
      viewport,
      baseURL,
      contextOptions,
      serviceWorkers,
    },
    provide,
  ) => {
    const options: BrowserContextOptions = {
      ...contextOptions,
      acceptDownloads,
      bypassCSP,
      colorScheme,
      contrast,
      clientCertificates,
      deviceScaleFactor,
      extraHTTPHeaders,
      forcedColors,
      geolocation,
      hasTouch,
      httpCredentials,
      ignoreHTTPSErrors,
      isMobile,
      javaScriptEnabled,
      locale,
      offline,
      permissions,
      proxy,
      reducedMotion,
      screen,
      storageState,
      timezoneId,
      userAgent,
      viewport,
      baseURL,
      serviceWorkers,
    };
    await provide(await keptContexts.take(options));
  },
  context: async ({ kept }, provide) => {
    await provide(kept.context);
  },
  page: async ({ kept: { context, keeper }, serviceWorkers }, provide) => {
    if (serviceWorkers === "allow") return provide(await context.newPage());
    const [page] = await Promise.all([context.waitForEvent("page"), keeper.evaluate(() => void window.open())]);
    await page.evaluate(() => (window.opener = null));
    await provide(page);
  },
});
