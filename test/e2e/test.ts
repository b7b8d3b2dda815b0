/**
 * The `test` of every browser spec: Playwright's, with the worker's browser context and page kept for its next test.
 *
 * Each test starts with nothing of the tests before it: one page, on no address of the app, with no history, no
 * listeners and no routes of an earlier test; no storage of any kind (IndexedDB, the private file system, web
 * and session storage, Cache Storage, service workers, cookies), no permissions, online. What is kept is the context
 * and its page, parked on a file of the app between tests, and the HTTP cache: a new context or page for each test
 * started a renderer and compiled the app's code again each time, most of a short test's time on a 2-core machine.
 * The HTTP cache holds the built app's files, the same for every test; a test that needs them fetched (the offline
 * journey) loads them itself first, and page.route turns it off.
 *
 * What emptying cannot undo is not kept. A test that touched the clock (`page.clock` is the context's), added an
 * init script or a binding to the context, or set its headers, location or credentials gets a new context after it;
 * one that did such a thing to the page, or changed its viewport, media, timeouts or held a key, gets a new page.
 * Tests that set other context options (`test.use`) get contexts of their own, kept for the next test with the same
 * options.
 */
import {
  test as base,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type CDPSession,
  type Page,
} from "@playwright/test";

export { expect } from "@playwright/test";

/** What a test did to its context that emptying cannot undo. */
const lastingContextChanges = [
  "addInitScript",
  "exposeBinding",
  "exposeFunction",
  "setExtraHTTPHeaders",
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
/** What a test did to its page that emptying cannot undo. */
const lastingPageChanges = [
  "addInitScript",
  "exposeBinding",
  "exposeFunction",
  "setExtraHTTPHeaders",
  "routeFromHAR",
  "routeWebSocket",
  "setViewportSize",
  "emulateMedia",
  "setDefaultTimeout",
  "setDefaultNavigationTimeout",
] as const;

/** The file of the app a kept page waits on between tests: the app's origin, without the app (which takes locks). */
const parkedAt = "/favicon.svg";

/** Playwright's Page is an event emitter like Node's, whose listeners its types do not show. */
interface Listened {
  eventNames(): string[];
  listeners(name: string): ((...args: unknown[]) => void)[];
  off(name: string, listener: (...args: unknown[]) => void): void;
}
const listenersOf = (page: Page) => {
  const emitter = page as unknown as Listened;
  return emitter.eventNames().flatMap((name) => emitter.listeners(name).map((listener) => ({ name, listener })));
};

interface KeptPage {
  page: Page;
  /** Listeners Playwright itself put on the page: the others are a test's, removed after it. */
  playwrights: Set<unknown>;
  session: CDPSession;
  /** Set once a test made a change to the page that emptying cannot undo. */
  changed: boolean;
}

interface KeptContext {
  context: BrowserContext;
  page: KeptPage;
  /** Every origin the context's pages asked for: the storage to empty. */
  origins: Set<string>;
  /** Set once a test made a change to the context that emptying cannot undo. */
  changed: boolean;
}

/** Calls to these methods of target set the flag of what they change. */
function watchChanges<T extends object>(
  target: T,
  names: readonly (keyof T & string)[],
  changed: { changed: boolean },
) {
  for (const name of names) {
    const method = target[name] as (...args: unknown[]) => unknown;
    Object.assign(target, {
      [name]: (...args: unknown[]) => {
        changed.changed = true;
        return method.apply(target, args);
      },
    });
  }
}

class KeptContexts {
  private readonly byOptions = new Map<string, KeptContext>();

  constructor(private readonly browser: Browser) {}

  /** The kept context for these options, emptied; a new one if none is kept. */
  async take(options: BrowserContextOptions): Promise<KeptContext> {
    const key = JSON.stringify(options);
    const kept = this.byOptions.get(key);
    if (kept && !kept.changed) {
      await emptied(kept, options);
      return kept;
    }
    if (kept) await kept.context.close();
    const fresh = await this.open(options);
    this.byOptions.set(key, fresh);
    return fresh;
  }

  /** The kept page of a context this gave. */
  pageOf(context: BrowserContext): Page {
    const kept = [...this.byOptions.values()].find((candidate) => candidate.context === context);
    if (!kept) throw new Error("The context was not given by the kept contexts.");
    return kept.page.page;
  }

  async closeAll() {
    await Promise.all([...this.byOptions.values()].map(({ context }) => context.close()));
  }

  private async open(options: BrowserContextOptions): Promise<KeptContext> {
    const context = await this.browser.newContext(options);
    // A context started from a storage state would lose it when emptied.
    const kept: KeptContext = {
      context,
      page: await keptPage(context),
      origins: new Set(),
      changed: options.storageState !== undefined,
    };
    context.on("request", (request) => {
      const { protocol, origin } = new URL(request.url());
      if (protocol === "http:" || protocol === "https:") kept.origins.add(origin);
    });
    watchChanges(context, lastingContextChanges, kept);
    watchChanges(context.clock, clockChanges, kept);
    return kept;
  }
}

async function keptPage(context: BrowserContext): Promise<KeptPage> {
  const page = await context.newPage();
  await page.goto(parkedAt);
  const playwrights = new Set<unknown>(listenersOf(page).map(({ listener }) => listener));
  const kept: KeptPage = { page, playwrights, session: await context.newCDPSession(page), changed: false };
  watchChanges(page, lastingPageChanges, kept);
  // A key or button held down stays held for the page's next test.
  watchChanges(page.keyboard, ["down"], kept);
  watchChanges(page.mouse, ["down"], kept);
  page.on("crash", () => (kept.changed = true));
  return kept;
}

/** Closes the other pages of the test before, parks the kept one again and empties what they kept. */
async function emptied(kept: KeptContext, options: BrowserContextOptions) {
  const { context, origins } = kept;
  await context.setOffline(false);
  if (kept.page.changed || kept.page.page.isClosed()) {
    await kept.page.page.close();
    kept.page = await keptPage(context);
  }
  const { page, playwrights, session } = kept.page;
  await Promise.all(context.pages().map((other) => (other === page ? undefined : other.close())));
  for (const { name, listener } of listenersOf(page)) {
    if (!playwrights.has(listener)) (page as unknown as Listened).off(name, listener);
  }
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await context.unrouteAll({ behavior: "ignoreErrors" });
  // A navigation Playwright starts leaves even a page that would ask before it is left (a record being written).
  await page.goto(parkedAt);
  await session.send("Page.resetNavigationHistory");
  await page.mouse.move(0, 0);
  await context.clearCookies();
  await context.clearPermissions();
  if (options.permissions) await context.grantPermissions(options.permissions);
  if (options.offline) await context.setOffline(true);
  // "all" takes session storage too.
  for (const origin of origins) await session.send("Storage.clearDataForOrigin", { origin, storageTypes: "all" });
}

export const test = base.extend<object, { keptContexts: KeptContexts }>({
  keptContexts: [
    async ({ browser }, provide) => {
      const contexts = new KeptContexts(browser);
      await provide(contexts);
      await contexts.closeAll();
    },
    { scope: "worker" },
  ],
  // Every context option Playwright has, so that a test.use of any of them gives a context with it.
  context: async (
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
    const kept = await keptContexts.take(options);
    await provide(kept.context);
  },
  page: async ({ keptContexts, context }, provide) => {
    await provide(keptContexts.pageOf(context));
  },
});
