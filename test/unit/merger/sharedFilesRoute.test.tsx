/** Files shared to the app wait on /files, out of the list and every merge, until the technician adds or discards them. */
import "fake-indexeddb/auto";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { getMergeClient } from "~/lib/merger/browser/mergeClient";
import { getFileListStore } from "~/lib/merger/browser/fileListStore";
import { planChange } from "~/lib/merger/fileListVersions";
import { toastMessages } from "~/lib/shell/toastMessages";
import { sharedAtHeader, sharedFileNameHeader, sharedFilesCacheName, sharedFilesPath } from "~/lib/merger/sharedFiles";
import Files, { clientAction, clientLoader } from "~/routes/files";
import { fakeCacheStorage } from "../fakeCacheStorage";
import { renderApp } from "../renderApp";
import { storageFull } from "../storageFull";

// A share of its own per test: what an earlier test left waiting is not this one's.
let shareId = "";

/** What the service worker keeps for one use of the share sheet. */
async function keepShare(id: string, files: { name: string; text: string; type?: string }[]) {
  const cache = await caches.open(sharedFilesCacheName);
  for (const [index, file] of files.entries()) {
    await cache.put(
      `${sharedFilesPath}${id}/${index}`,
      new Response(file.text, {
        headers: {
          "Content-Type": file.type ?? "text/plain",
          [sharedFileNameHeader]: encodeURIComponent(file.name),
          [sharedAtHeader]: "2025-03-12T13:03:07.000Z",
        },
      }),
    );
  }
}

async function act(fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.append(name, value);
  const request = new Request("http://localhost/files", { method: "POST", body: formData });
  return clientAction({ request, params: {}, serverAction: async () => undefined as never });
}

const load = (search = "") =>
  clientLoader({
    request: new Request(`http://localhost/files${search}`),
    params: {},
    serverLoader: async () => undefined as never,
  });

beforeEach(async () => {
  shareId = crypto.randomUUID();
  vi.stubGlobal("caches", fakeCacheStorage());
  await getFileListStore().change((history) => planChange(history, { kind: "deleteAll" }));
  await getMergeClient().forgetCard();
  // What an earlier test's adds left out stays said until closed: closed, it is not this test's.
  await act({ intent: fileListIntents.closeNotAdded, add: String(Number.MAX_SAFE_INTEGER) });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/files and files shared to the app", () => {
  it("lists a share as waiting and adds none of its files by itself, whatever the address says", async () => {
    await keepShare(shareId, [{ name: "KUNDESPEC_evil.txt", text: "P001\r\n999\r\n" }]);
    // The address that used to add a share at once names it now in vain.
    const { preview, waitingShares } = await load(`?shared=${shareId}`);
    expect(preview.files).toEqual([]);
    expect(waitingShares).toEqual([
      {
        id: shareId,
        sharedAt: "2025-03-12T13:03:07.000Z",
        files: [{ name: "KUNDESPEC_evil.txt", type: "text/plain" }],
      },
    ]);
  });

  it("adds a share's files with the checks of a drop when the technician says Add, and the share stops waiting", async () => {
    await keepShare(shareId, [
      { name: "b.txt", text: "P1\n1\n" },
      { name: "photo.png", text: "x", type: "image/png" },
      { name: "a.txt", text: "P2\n2\n" },
    ]);
    const response = await act({ intent: fileListIntents.addShared, share: shareId });
    expect(response).toEqual({
      refusals: [{ message: "Wrong file format. Text files only!", description: "Not added: photo.png" }],
    });
    const { preview, waitingShares } = await load();
    expect(preview.files.map((file) => file.path)).toEqual(["a.txt", "b.txt"]);
    expect(waitingShares).toEqual([]);
  });

  it("keeps a share refused as too big for this device waiting, so it can be added once there is room", async () => {
    // A device that reports 1 MB of memory can merge at most 65 536 bytes.
    vi.stubGlobal("navigator", { ...navigator, deviceMemory: 2 ** -10 });
    await keepShare(shareId, [{ name: "KUNDESPEC_big.txt", text: "P001\r\n1\r\n".repeat(10_000) }]);
    const refused = await act({ intent: fileListIntents.addShared, share: shareId });
    expect(refused).toMatchObject({ refusals: [{ message: toastMessages.setTooBig }] });
    const afterRefusal = await load();
    expect(afterRefusal.preview.files).toEqual([]);
    // Said above the list after the notice has closed, as for any add.
    expect(afterRefusal.notAdded?.lines).toEqual([
      { paths: ["KUNDESPEC_big.txt"], reason: "the set was too big for this device" },
    ]);
    expect(afterRefusal.waitingShares.map((share) => share.files.map((file) => file.name))).toEqual([
      ["KUNDESPEC_big.txt"],
    ]);

    vi.stubGlobal("navigator", { ...navigator, deviceMemory: 8 });
    expect(await act({ intent: fileListIntents.addShared, share: shareId })).toEqual({ refusals: [] });
    const afterAdd = await load();
    expect(afterAdd.preview.files.map((file) => file.path)).toEqual(["KUNDESPEC_big.txt"]);
    expect(afterAdd.waitingShares).toEqual([]);
    expect(afterAdd.notAdded).toBeNull();
  });

  // A share is let go only once its files are stored: while the list is not saved, a reload would lose them.
  it("keeps a share listed but not stored (storage full) waiting: a reload would lose it otherwise", async () => {
    // Storage refuses every write, as a full one does: the file is listed in this tab only.
    storageFull();
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await keepShare(shareId, [{ name: "KUNDESPEC_k.txt", text: "P001\r\n5\r\n" }]);
    await act({ intent: fileListIntents.addShared, share: shareId });
    const { preview, storage, waitingShares } = await load();
    expect(preview.files.map((file) => file.path)).toEqual(["KUNDESPEC_k.txt"]);
    expect(storage.notSaved).not.toBeNull();
    expect(waitingShares.map((share) => share.files.map((file) => file.name))).toEqual([["KUNDESPEC_k.txt"]]);
    vi.restoreAllMocks();
  });

  it("keeps a shared file whose path is already listed waiting, and lets the others go once added", async () => {
    await keepShare("first", [{ name: "a.txt", text: "P1\n1\n" }]);
    await act({ intent: fileListIntents.addShared, share: "first" });
    await keepShare(shareId, [
      { name: "a.txt", text: "P1\n5\n" },
      { name: "b.txt", text: "P2\n2\n" },
    ]);
    expect(await act({ intent: fileListIntents.addShared, share: shareId })).toEqual({
      refusals: [
        {
          message: toastMessages.fileAlreadyImported,
          description: "Not added: a.txt",
        },
      ],
    });
    const { preview, waitingShares } = await load();
    expect(preview.files.map((file) => file.path)).toEqual(["a.txt", "b.txt"]);
    // The newer a.txt is not lost: the technician can delete the listed one and Add it.
    expect(waitingShares.map((share) => share.files.map((file) => file.name))).toEqual([["a.txt"]]);
  });

  it("adds nothing for Discard, nor for a share that is not waiting", async () => {
    await keepShare(shareId, [{ name: "a.txt", text: "P1\n1\n" }]);
    await act({ intent: fileListIntents.discardShared, share: shareId });
    expect(await act({ intent: fileListIntents.addShared, share: shareId })).toBeNull();
    const { preview, waitingShares } = await load();
    expect(preview.files).toEqual([]);
    expect(waitingShares).toEqual([]);
  });
});

describe("/files screen with a share waiting", () => {
  const renderFiles = () =>
    renderApp("/files", [
      { path: "files", Component: Files, loader: clientLoader as never, action: clientAction as never },
    ]);

  it("shows each shared file as waiting, its name as text, and adds the share on Add", async () => {
    const markup = "<img src=x onerror=alert(1)>.txt";
    await keepShare(shareId, [{ name: markup, text: "P1\n1\n" }]);
    renderFiles();
    const name = await screen.findByTestId("waiting-file-name");
    expect(name).toHaveTextContent(markup);
    expect(name.querySelector("img")).toBeNull();
    expect(screen.getByText("Waiting")).toBeInTheDocument();
    expect(screen.queryAllByTestId("file-path")).toEqual([]);

    await userEvent.click(screen.getByRole("button", { name: `Add 1 shared file: ${markup}` }));
    await waitFor(() => expect(screen.getAllByTestId("file-path").map((path) => path.textContent)).toEqual([markup]));
    expect(screen.queryByTestId("waiting-file-name")).not.toBeInTheDocument();
  });

  it("takes the share away on Discard and adds nothing", async () => {
    await keepShare(shareId, [{ name: "a.txt", text: "P1\n1\n" }]);
    renderFiles();
    await userEvent.click(await screen.findByRole("button", { name: "Discard 1 shared file: a.txt" }));
    await waitFor(() => expect(screen.queryByTestId("waiting-file-name")).not.toBeInTheDocument());
    expect(screen.queryAllByTestId("file-path")).toEqual([]);
    expect(await caches.open(sharedFilesCacheName).then((cache) => cache.keys())).toEqual([]);
  });
});
