import "fake-indexeddb/auto";
import { MantineProvider } from "@mantine/core";
import { Notifications, notifications } from "@mantine/notifications";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OfflineNotices } from "~/components/shell/OfflineNotices";
import { getFileListStore } from "~/lib/merger/browser/fileListStore";
import { fileListTexts } from "~/lib/merger/fileListTexts";
import { planChange } from "~/lib/merger/fileListVersions";
import { registerServiceWorker } from "~/lib/shell/browser/serviceWorker";
import type { OfflineNews } from "~/lib/shell/offlineNews";
import { newVersionText } from "~/lib/shell/reloadOffer";
import { storageFull } from "../storageFull";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { clientAction, clientLoader } from "~/routes/files";

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

const listed = (id: string, path: string) => ({ id, path, setOverride: null, size: 4 });
const bytesOf = (...ids: string[]) => new Map(ids.map((id) => [id, new TextEncoder().encode("P001").buffer]));

describe("offline notices", () => {
  // Mantine keeps its notices in one store for the whole file.
  beforeEach(() => notifications.clean());
  afterEach(() => vi.restoreAllMocks());

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

  it("offers the new version without promising the files are kept while storage refused the list: it names what a reload loses", async () => {
    // What storage refused is expected here, not news.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const worker = serviceWorker();
    renderNotices();
    worker.tell("new-version-waiting");
    expect(await screen.findByText("Reload when you are ready; your files are kept.")).toBeInTheDocument();

    const store = getFileListStore();
    /** A change of the list, then the screen shown again, as after any change on /files. */
    const changed = (change: Parameters<typeof planChange>[1], bytes?: Map<string, ArrayBuffer>) =>
      act(async () => {
        await store.change((history) => planChange(history, change), bytes);
        await clientLoader({
          request: new Request("http://localhost/files"),
          params: {},
          serverLoader: async () => undefined as never,
        });
      });
    await changed({ kind: "add", files: [listed("std", "std.txt")] }, bytesOf("std"));
    expect(screen.getByText("Reload when you are ready; your files are kept.")).toBeInTheDocument();

    storageFull();
    await changed({ kind: "add", files: [listed("customer", "KUNDESPEC.txt")] }, bytesOf("customer"));
    const { notSaved } = await store.read();
    expect(notSaved).toMatchObject({ since: expect.any(Number) });
    expect(screen.getByText(newVersionText([fileListTexts.reloadLoses(notSaved!.since)]))).toBeInTheDocument();
    expect(screen.queryByText(/your files are kept/)).not.toBeInTheDocument();

    // Once storage takes the list again, nothing is lost by a reload.
    vi.restoreAllMocks();
    await changed({ kind: "delete", id: "std" });
    expect(screen.getByText("Reload when you are ready; your files are kept.")).toBeInTheDocument();
    await store.change((history) => planChange(history, { kind: "deleteAll" }));
  });

  it("does not promise the files are kept while files are still being added: it says so until the add is done", async () => {
    const worker = serviceWorker();
    renderNotices();
    worker.tell("new-version-waiting");
    expect(await screen.findByText("Reload when you are ready; your files are kept.")).toBeInTheDocument();
    // A big file from a slow card: its read is held until the test lets it go.
    const arrayBuffer = Blob.prototype.arrayBuffer;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(Blob.prototype, "arrayBuffer").mockImplementation(async function (this: Blob) {
      await released;
      return arrayBuffer.call(this);
    });
    const form = new FormData();
    form.append("intent", fileListIntents.add);
    for (const name of ["big40.txt", "KUNDESPEC.txt"]) {
      form.append("file", new File(["P0001\r\n1\r\n"], name, { type: "text/plain" }));
      form.append("fileInfo", JSON.stringify({ path: `card/${name}`, type: "text/plain" }));
    }
    const adding = clientAction({
      request: new Request("http://localhost/files", { method: "POST", body: form }),
      params: {},
      serverAction: async () => undefined as never,
    });
    expect(await screen.findByText(newVersionText([fileListTexts.changesRunning]))).toBeInTheDocument();
    expect(screen.queryByText(/your files are kept/)).not.toBeInTheDocument();
    release();
    await act(async () => {
      await adding;
    });
    expect(screen.getByText("Reload when you are ready; your files are kept.")).toBeInTheDocument();
  });

  it("says nothing while the worker has nothing to tell", () => {
    const worker = serviceWorker();
    renderNotices();
    worker.tell(null);
    expect(screen.queryByText("Ready to work offline")).not.toBeInTheDocument();
    expect(screen.queryByText("A new version is available")).not.toBeInTheDocument();
  });
});
