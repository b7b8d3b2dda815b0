import { afterEach, describe, expect, it, vi } from "vitest";
import { registerServiceWorker } from "~/lib/shell/browser/serviceWorker";
import type { OfflineNews } from "~/lib/shell/offlineNews";

/**
 * A registration as WebKit hands it to a page that came after the install began: its worker object never
 * reports a state change, yet the worker becomes active and `ready` resolves.
 */
function silentWorkerContainer() {
  let becomeReady!: () => void;
  const ready = new Promise<void>((resolve) => (becomeReady = resolve));
  const worker = { state: "installing", addEventListener: vi.fn(), removeEventListener: vi.fn() };
  const registration = {
    installing: worker as unknown,
    waiting: null,
    active: null as unknown,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
  };
  const container = {
    controller: null,
    register: vi.fn(async () => registration),
    ready: ready.then(() => registration),
    addEventListener: vi.fn(),
  };
  return {
    container,
    activate() {
      worker.state = "activated";
      registration.installing = null;
      registration.active = worker;
      becomeReady();
    },
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("registerServiceWorker", () => {
  it("says the app is ready offline when the worker becomes active without telling this page", async () => {
    const { container, activate } = silentWorkerContainer();
    vi.stubGlobal("navigator", { serviceWorker: container });
    const news: OfflineNews[] = [];
    const connection = registerServiceWorker((told) => news.push(told));
    await vi.waitFor(() => expect(container.register).toHaveBeenCalled());
    await vi.waitFor(() => expect(news).toEqual([null]));

    activate();
    await vi.waitFor(() => expect(news).toContain("ready-offline"));
    connection.stop();
  });
});
