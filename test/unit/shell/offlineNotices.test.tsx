import { MantineProvider } from "@mantine/core";
import { Notifications, notifications } from "@mantine/notifications";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { OfflineNotices } from "~/components/shell/OfflineNotices";
import { registerServiceWorker } from "~/lib/shell/browser/serviceWorker";
import type { OfflineNews } from "~/lib/shell/offlineNews";

vi.mock("~/lib/shell/browser/serviceWorker", () => ({ registerServiceWorker: vi.fn() }));

/** The registration, with a hand on what it tells and on its Reload. */
function serviceWorker() {
  let tell: (news: OfflineNews) => void = () => undefined;
  const reloadToNewVersion = vi.fn();
  vi.mocked(registerServiceWorker).mockImplementation((onNews) => {
    tell = onNews;
    return { reloadToNewVersion, stop: vi.fn() };
  });
  return { tell: (news: OfflineNews) => act(() => tell(news)), reloadToNewVersion };
}

const renderNotices = () =>
  render(
    <MantineProvider>
      <Notifications />
      <OfflineNotices />
    </MantineProvider>,
  );

describe("offline notices", () => {
  // Mantine keeps its notices in one store for the whole file.
  beforeEach(() => notifications.clean());

  it("says once when the app is ready to work offline", async () => {
    const worker = serviceWorker();
    renderNotices();
    worker.tell("ready-offline");
    worker.tell("ready-offline");
    expect(await screen.findByText("Ready to work offline")).toBeInTheDocument();
    expect(screen.getAllByText("Ready to work offline")).toHaveLength(1);
  });

  it("offers a reload for a new version and swaps only when asked", async () => {
    const worker = serviceWorker();
    renderNotices();
    worker.tell("new-version-waiting");
    expect(await screen.findByText("A new version is available")).toBeInTheDocument();
    expect(worker.reloadToNewVersion).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(worker.reloadToNewVersion).toHaveBeenCalledOnce();
  });

  it("says nothing while the worker has nothing to tell", () => {
    const worker = serviceWorker();
    renderNotices();
    worker.tell(null);
    expect(screen.queryByText("Ready to work offline")).not.toBeInTheDocument();
    expect(screen.queryByText("A new version is available")).not.toBeInTheDocument();
  });
});
