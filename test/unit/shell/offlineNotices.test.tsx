import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useRegisterSW } from "virtual:pwa-register/react";
import { OfflineNotices } from "~/components/shell/OfflineNotices";

vi.mock("virtual:pwa-register/react", () => ({ useRegisterSW: vi.fn() }));

function serviceWorkerState(state: { offlineReady: boolean; needRefresh: boolean }) {
  const updateServiceWorker = vi.fn(async () => undefined);
  vi.mocked(useRegisterSW).mockReturnValue({
    offlineReady: [state.offlineReady, vi.fn()],
    needRefresh: [state.needRefresh, vi.fn()],
    updateServiceWorker,
  });
  return updateServiceWorker;
}

const renderNotices = () =>
  render(
    <MantineProvider>
      <Notifications />
      <OfflineNotices />
    </MantineProvider>,
  );

describe("offline notices", () => {
  it("says when the app is ready to work offline", async () => {
    serviceWorkerState({ offlineReady: true, needRefresh: false });
    renderNotices();
    expect(await screen.findByText("Ready to work offline")).toBeInTheDocument();
  });

  it("offers a reload for a new version and swaps only when asked", async () => {
    const updateServiceWorker = serviceWorkerState({ offlineReady: false, needRefresh: true });
    renderNotices();
    expect(await screen.findByText("A new version is available")).toBeInTheDocument();
    expect(updateServiceWorker).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(updateServiceWorker).toHaveBeenCalledWith(true);
  });
});
