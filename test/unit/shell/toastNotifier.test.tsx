import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ToastNotifier } from "~/components/shell/ToastNotifier";
import { jsonWithSuccess } from "~/lib/shell/browser/toastSession";
import { toastMessages } from "~/lib/shell/toastMessages";
import { clientLoader } from "~/root";

const loadRoot = () =>
  clientLoader({
    request: new Request("http://localhost/files"),
    params: {},
    serverLoader: async () => undefined as never,
  });

describe("a toast an action leaves", () => {
  it("is shown once though the router dropped the first loader run that read it, and is gone after", async () => {
    await jsonWithSuccess(null, { message: "PAR.txt saved.", description: toastMessages.serviceRecordAdded });
    // A newer revalidation overtook the first run: its result never reaches the screen.
    const dropped = await loadRoot();
    const { toast } = await loadRoot();
    const screenOf = (shown: typeof toast) => (
      <MantineProvider>
        <Notifications />
        <ToastNotifier toast={shown} />
      </MantineProvider>
    );
    const view = render(screenOf(toast));
    expect(await screen.findByText(toastMessages.serviceRecordAdded)).toBeInTheDocument();
    // A render with the toast the dropped run read shows nothing more.
    view.rerender(screenOf(dropped.toast));
    expect(screen.getAllByText(toastMessages.serviceRecordAdded)).toHaveLength(1);
    expect((await loadRoot()).toast).toBeNull();
  });
});
