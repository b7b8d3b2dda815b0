/**
 * The records on IndexedDB (fake-indexeddb): what /records shows when the browser refuses storage, and
 * what the records keep (bytes as ArrayBuffers). Each visit loads the modules afresh, as after a reload.
 */
import "fake-indexeddb/auto";
import { IDBFactory } from "fake-indexeddb";
import { screen } from "@testing-library/react";
import { createStore, entries, setMany } from "idb-keyval";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fileListIntents } from "~/lib/merger/fileListIntents";
import { fileListTexts } from "~/lib/merger/fileListTexts";
import { recordIntents } from "~/lib/records/recordIntents";
import { toastMessages } from "~/lib/shell/toastMessages";
import { renderApp } from "../renderApp";
import { takeToast } from "../takeToast";

vi.mock("~/lib/shell/browser/saveFile", () => ({ saveFile: vi.fn() }));

async function visit() {
  vi.resetModules();
  const files = await import("~/routes/files");
  const records = await import("~/routes/records._index");
  const record = await import("~/routes/records.$recordId");
  const { saveFile } = await import("~/lib/shell/browser/saveFile");
  async function filesAct(fields: [string, string | File][]) {
    const formData = new FormData();
    for (const [name, value] of fields) formData.append(name, value);
    const request = new Request("http://localhost/files", { method: "POST", body: formData });
    return files.clientAction({ request, params: {}, serverAction: async () => undefined as never });
  }
  async function download() {
    await filesAct([
      ["intent", fileListIntents.add],
      ["file", new File(["P1\n1\n"], "a.txt", { type: "text/plain" })],
      ["fileInfo", JSON.stringify({ path: "a.txt", type: "text/plain" })],
    ]);
    await filesAct([["intent", fileListIntents.download]]);
  }
  const renderRecords = () =>
    renderApp("/records", [{ path: "records", Component: records.default, loader: records.clientLoader as never }]);
  return { files, records, record, download, renderRecords, saveFile: vi.mocked(saveFile) };
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  // Each visit loads its own logger: what storage refused is expected here, not news.
  vi.spyOn(console, "error").mockImplementation(() => undefined);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe("/records where the browser refuses to open IndexedDB", () => {
  it(
    "shows its notice and the records of this tab, never the error screen, and no message says null",
    { timeout: 30_000 },
    async () => {
      // WebKit's refusal: an UnknownError whose message is null.
      vi.spyOn(indexedDB, "open").mockImplementation(() => {
        const request = {
          error: Object.assign(new Error(), { name: "UnknownError", message: null }),
        } as unknown as IDBOpenDBRequest;
        setTimeout(() => request.onerror?.(new Event("error")));
        return request;
      });
      const tab = await visit();
      await tab.download();
      expect(tab.saveFile).toHaveBeenCalledTimes(1);
      // The download does not claim a kept record.
      const toast = await takeToast();
      expect(toast).toMatchObject({
        type: "warning",
        description: toastMessages.serviceRecordOnlyThisTab("the browser's storage failed"),
      });
      tab.renderRecords();
      expect(await screen.findByRole("heading", { name: "Records", level: 1 })).toBeInTheDocument();
      expect(screen.getByText("Records are kept only while this tab is open")).toBeInTheDocument();
      expect(
        screen.getByText(
          "This browser does not let the tool store records (the browser's storage failed), so they are gone when you close or reload this tab.",
        ),
      ).toBeInTheDocument();
      expect(screen.getByTestId("backup-reminder")).toHaveTextContent(
        "Records live only in this tab, until it is closed or reloaded.",
      );
      expect(screen.getByTestId("backup-reminder")).not.toHaveTextContent("Records live only in this browser");
      expect(screen.queryByText("Something went wrong on this screen")).not.toBeInTheDocument();
      expect(screen.getAllByTestId("service-record")).toHaveLength(1);
      expect(document.body.textContent).not.toMatch(/\bnull\b|\bundefined\b/);
    },
  );
});

describe("records kept only in this tab (IndexedDB refused)", () => {
  it("are named by the error screen as what a reload would lose", { timeout: 30_000 }, async () => {
    vi.spyOn(indexedDB, "open").mockImplementation(() => {
      const request = {
        error: Object.assign(new Error(), { name: "UnknownError", message: null }),
      } as unknown as IDBOpenDBRequest;
      setTimeout(() => request.onerror?.(new Event("error")));
      return request;
    });
    const tab = await visit();
    await tab.download();
    // The list's screen shown after the change, as the router shows it: it tells what this tab holds only.
    await tab.files.clientLoader({
      request: new Request("http://localhost/files"),
      params: {},
      serverLoader: async () => undefined as never,
    });
    renderApp("/broken", [
      {
        path: "broken",
        loader: () => {
          throw new Error("The screen broke.");
        },
        Component: () => null,
      },
    ]);
    expect(await screen.findByText("Something went wrong on this screen")).toBeInTheDocument();
    // The list was refused too: both are named.
    const offer = screen.getByText(
      /^A reload now loses what this tab could not store: .*\. Reload the page to try again\.$/,
    );
    expect(offer).toHaveTextContent("1 service record (back them up on Records first)");
    expect(offer).toHaveTextContent(fileListTexts.reloadLoses(null));
  });
});

describe("the records' bytes", () => {
  it(
    "are stored as ArrayBuffers, and records an older version stored as Uint8Arrays still give their PAR.txt",
    { timeout: 30_000 },
    async () => {
      const tab = await visit();
      await tab.download();
      const stored = await entries(createStore("technician-toolbox-records", "service-records"));
      const bytes = stored.filter(([key]) => String(key).startsWith("bytes:"));
      expect(bytes.length).toBeGreaterThan(0);
      for (const [, value] of bytes) expect(value).toBeInstanceOf(ArrayBuffer);

      // As an older version kept them.
      await setMany(
        bytes.map(([key, value]) => [key, new Uint8Array(value as ArrayBuffer)]),
        createStore("technician-toolbox-records", "service-records"),
      );
      const next = await visit();
      const [record] = await (await import("~/lib/records/browser/serviceRecordStore")).getServiceRecordStore().list();
      const request = new Request(`http://localhost/records/${record!.id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: recordIntents.downloadParFile }),
      });
      await next.record.clientAction({
        request,
        params: { recordId: record!.id },
        serverAction: async () => undefined as never,
      });
      expect(new TextDecoder().decode(next.saveFile.mock.calls.at(-1)![1] as Uint8Array)).toBe("P1\r\n1\r\n");
    },
  );
});

describe("/records and keeping storage for good", () => {
  it("asks the browser once a record is stored, and says whether it keeps them", { timeout: 30_000 }, async () => {
    let persisted = false;
    const persist = vi.fn(async () => (persisted = true));
    Object.defineProperty(navigator, "storage", {
      configurable: true,
      value: { persist, persisted: async () => persisted },
    });
    try {
      const tab = await visit();
      tab.renderRecords();
      expect(await screen.findByTestId("storage-keeping")).toHaveTextContent(
        "Your files and service records are kept in this browser, but it may clear them when space runs low (Safari: after 7 days without a visit). Keep the downloaded PAR.txt.",
      );
      await tab.download();
      expect(persist).toHaveBeenCalled();
      expect(await tab.records.clientLoader()).toMatchObject({ keptForGood: true, storage: { stored: true } });
    } finally {
      Reflect.deleteProperty(navigator, "storage");
    }
  });
});
