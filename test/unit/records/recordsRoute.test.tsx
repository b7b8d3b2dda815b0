// IndexedDB as in a browser: records and files are kept, as the toasts then say.
import "fake-indexeddb/auto";
import { screen, waitFor, within } from "@testing-library/react";
import { createHash } from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { getFileListStore } from "~/lib/merger/browser/fileListStore";
import { fileListTexts } from "~/lib/merger/fileListTexts";
import { planChange } from "~/lib/merger/fileListVersions";
import { getServiceRecordStore } from "~/lib/records/browser/serviceRecordStore";
import { takeToast } from "../takeToast";
import { clientAction as filesAction, clientLoader as filesLoader } from "~/routes/files";
import ServiceRecordScreen, {
  clientAction as recordAction,
  clientLoader as recordLoader,
} from "~/routes/records.$recordId";
import Records, { clientAction as recordsAction, clientLoader as recordsLoader } from "~/routes/records._index";
import CompareRecords, { clientLoader as compareLoader } from "~/routes/records.compare";
import { renderApp } from "../renderApp";
import { fileListIntents, recordFileIntents } from "~/lib/merger/fileListIntents";
import { recordIntents, recordListIntents, type RecordsNote } from "~/lib/records/recordIntents";
import { buildServiceRecord, leftOutTexts, recordTimeText } from "~/lib/records/serviceRecord";
import { toastMessages } from "~/lib/shell/toastMessages";
import userEvent from "@testing-library/user-event";
import { createStore, get, set, setMany } from "idb-keyval";
import { writeBackupMark } from "~/lib/records/browser/backupMark";
import { markAfterRestore } from "~/lib/records/backupReminder";

vi.mock("~/lib/shell/browser/saveFile", () => ({ saveFile: vi.fn() }));
const { saveFile } = await import("~/lib/shell/browser/saveFile");

const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");
const standardText = "P1\n1\nP2\n2\n";
const customerText = "P2\n5\nP3\n3\n";

function formOf(fields: [string, string | File][]) {
  const formData = new FormData();
  for (const [name, value] of fields) formData.append(name, value);
  return formData;
}

async function filesAct(fields: [string, string | File][]) {
  const request = new Request("http://localhost/files", { method: "POST", body: formOf(fields) });
  const response = await filesAction({ request, params: {}, serverAction: async () => undefined as never });
  const toast = await takeToast();
  return { response, toast };
}

async function recordAct(recordId: string, intent: string) {
  const request = new Request(`http://localhost/records/${recordId}`, {
    method: "POST",
    body: formOf([["intent", intent]]),
  });
  return recordAction({ request, params: { recordId }, serverAction: async () => undefined as never });
}

async function listedPaths() {
  const { preview } = await filesLoader({
    request: new Request("http://localhost/files"),
    params: {},
    serverLoader: async () => undefined as never,
  });
  return preview.files.map((file) => file.path);
}

async function addSite() {
  await filesAct([
    ["intent", fileListIntents.add],
    ["file", new File([standardText], "a.txt", { type: "text/plain" })],
    ["fileInfo", JSON.stringify({ path: "std/a.txt", type: "text/plain" })],
    ["file", new File([customerText], "b.txt", { type: "text/plain" })],
    ["fileInfo", JSON.stringify({ path: "KUNDESPEC/b.txt", type: "text/plain" })],
  ]);
}

/** The list's version now: what a Delete all or Undo tapped now names. */
async function listVersion() {
  return String((await getFileListStore().read()).history.current.version);
}

/** The bytes of the one PAR.txt handed to the browser since the last clear. */
function savedBytes() {
  const [, content] = vi.mocked(saveFile).mock.calls.at(-1)!;
  return typeof content === "string" ? new TextEncoder().encode(content) : content;
}

/** A record of 250 rewritten codes, P0 to P249, with id "big"; or of as many as `codeCount`. */
function bigRecord(id = "big", label = "", createdAt = new Date(Date.UTC(2025, 2, 12)), codeCount = 250) {
  const source = { path: "KUNDESPEC/PAR.txt", lineNumber: 1 };
  const rewritten = Array.from({ length: codeCount }, (_, index) => ({
    code: `P${index}`,
    standardValue: "1",
    customerValue: "2",
    source,
  }));
  return buildServiceRecord({
    id,
    createdAt,
    label,
    destination: "downloaded",
    lineEnding: "crlf",
    content: {
      inputs: [],
      counts: { parameterCount: codeCount, rewrittenCount: codeCount, addedCount: 0, problemCount: 0 },
      rewritten,
      added: [],
      problems: [],
    },
    inputFingerprints: new Map(),
    keptInputIds: new Set(),
    parFile: { sha256: sha256("PAR"), size: 3 },
    cardComparison: null,
  });
}

beforeEach(async () => {
  await getFileListStore().change((history) => planChange(history, { kind: "deleteAll" }));
  const records = getServiceRecordStore();
  for (const record of await records.list()) await records.remove(record.id);
  vi.mocked(saveFile).mockClear();
});

describe("the record of a download", () => {
  it("is added after the download, with the label, the counts and the SHA-256 of the saved bytes", async () => {
    await addSite();
    const { toast } = await filesAct([
      ["intent", fileListIntents.download],
      ["serviceLabel", " Unit 7 "],
    ]);
    expect(toast).toMatchObject({ type: "success", description: "Added to the service records." });
    const parFile = savedBytes();
    const [record] = await getServiceRecordStore().list();
    expect(record).toMatchObject({
      label: "Unit 7",
      destination: "downloaded",
      lineEnding: "crlf",
      counts: { parameterCount: 3, rewrittenCount: 1, addedCount: 1, problemCount: 0 },
      parFile: { sha256: sha256(parFile), size: parFile.byteLength },
    });
    expect(record!.inputs.map((input) => [input.path, input.fingerprint?.sha256])).toEqual([
      ["KUNDESPEC/b.txt", sha256(customerText)],
      ["std/a.txt", sha256(standardText)],
    ]);
  });

  it("gives PAR.txt again byte for byte, and the records stay when the files are deleted", async () => {
    await addSite();
    await filesAct([["intent", fileListIntents.download]]);
    const parFile = savedBytes();
    await filesAct([
      ["intent", fileListIntents.deleteAll],
      ["version", await listVersion()],
    ]);
    const [record] = await getServiceRecordStore().list();
    vi.mocked(saveFile).mockClear();
    await recordAct(record!.id, recordIntents.downloadParFile);
    expect(vi.mocked(saveFile).mock.calls[0]![0]).toBe("PAR.txt");
    expect(savedBytes()).toEqual(parFile);
  });

  it("loads the record's files again in place of the list, and Undo brings the list back", async () => {
    await addSite();
    await filesAct([["intent", fileListIntents.download]]);
    const [record] = await getServiceRecordStore().list();
    await filesAct([
      ["intent", fileListIntents.deleteAll],
      ["version", await listVersion()],
    ]);
    await filesAct([
      ["intent", fileListIntents.add],
      ["file", new File(["P9\n9\n"], "other.txt", { type: "text/plain" })],
      ["fileInfo", JSON.stringify({ path: "other.txt", type: "text/plain" })],
    ]);

    const { response, toast } = await filesAct([
      ["intent", recordFileIntents.loadRecordFiles],
      ["recordId", record!.id],
    ]);
    // Every file was kept: nothing to warn of.
    expect(response).toBeNull();
    expect(toast).toBeUndefined();
    expect(await listedPaths()).toEqual(["KUNDESPEC/b.txt", "std/a.txt"]);
    const { list } = await filesLoader({
      request: new Request("http://localhost/files"),
      params: {},
      serverLoader: async () => undefined as never,
    });
    expect(list.lastChange).toEqual({ kind: "replace", count: 2 });

    const undone = await filesAct([
      ["intent", fileListIntents.undo],
      ["version", String(list.version)],
    ]);
    expect(undone.toast).toMatchObject({ type: "success", message: fileListTexts.undone(list.lastChange!) });
    expect(await listedPaths()).toEqual(["other.txt"]);
  });

  it("loads a record made by an older version with a Mac's decomposed name (NFD) under the name as picked now", async () => {
    const composed = "M\u00fcller.txt";
    await filesAct([
      ["intent", fileListIntents.add],
      ["file", new File([customerText], composed, { type: "text/plain" })],
      ["fileInfo", JSON.stringify({ path: composed, type: "text/plain" })],
    ]);
    await filesAct([["intent", fileListIntents.download]]);
    const [record] = await getServiceRecordStore().list();
    // As a version before the one-spelling rule kept the name a Mac handed over.
    const store = createStore("technician-toolbox-records", "service-records");
    const stored = (await get(`record:${record!.id}`, store)) as { inputs: { path: string }[] };
    await set(
      `record:${record!.id}`,
      { ...stored, inputs: stored.inputs.map((input) => ({ ...input, path: input.path.normalize("NFD") })) },
      store,
    );
    await filesAct([
      ["intent", fileListIntents.deleteAll],
      ["version", await listVersion()],
    ]);

    await filesAct([
      ["intent", recordFileIntents.loadRecordFiles],
      ["recordId", record!.id],
    ]);
    expect(await listedPaths()).toEqual([composed]);
    // The same name picked now is that file: refused as already listed, not listed twice.
    const { response } = await filesAct([
      ["intent", fileListIntents.add],
      ["file", new File([customerText], composed, { type: "text/plain" })],
      ["fileInfo", JSON.stringify({ path: composed, type: "text/plain" })],
    ]);
    expect(response).toEqual({
      refusals: [{ message: "File already imported!", description: `Not added: ${composed}` }],
    });
    expect(await listedPaths()).toEqual([composed]);
  });

  it("deletes a record and says so", async () => {
    await addSite();
    await filesAct([["intent", fileListIntents.download]]);
    const [record] = await getServiceRecordStore().list();
    const response = await recordAct(record!.id, recordIntents.delete);
    expect((response as Response).headers.get("Location")).toBe("/records");
    expect(await getServiceRecordStore().list()).toEqual([]);
  });
});

describe("the records screens", () => {
  it("list the records with their SHA-256 and open one in full", async () => {
    await addSite();
    await filesAct([
      ["intent", fileListIntents.download],
      ["serviceLabel", "Unit 7"],
    ]);
    const [record] = await getServiceRecordStore().list();
    renderApp("/records", [
      { path: "records", Component: Records, loader: recordsLoader as never },
      { path: "records/:recordId", Component: ServiceRecordScreen, loader: recordLoader as never },
    ]);
    expect(await screen.findByRole("heading", { name: "Records", level: 1 })).toBeInTheDocument();
    expect(screen.getByText(record!.parFile.sha256)).toBeInTheDocument();
    expect(screen.getByText("3 parameters · 1 rewritten · 1 added")).toBeInTheDocument();
    screen.getByRole("link", { name: /Unit 7/ }).click();
    expect(await screen.findByRole("heading", { name: "Service record", level: 1 })).toBeInTheDocument();
    const rewritten = within(screen.getByRole("table", { name: "Rewritten (1)" }));
    expect(rewritten.getAllByRole("cell").map((cell) => cell.textContent)).toEqual([
      "P2",
      "2",
      "5",
      "KUNDESPEC/b.txt, line 1",
    ]);
    expect(screen.getByRole("table", { name: "Input files (2)" })).toHaveTextContent(sha256(standardText));
  });

  it("show the first 50 records of many, and 50 more at each Show more; a search finds any of them", async () => {
    const store = getServiceRecordStore();
    const par = new Map([[sha256("PAR"), new TextEncoder().encode("PAR")]]);
    for (let index = 0; index < 120; index++) {
      await store.add(bigRecord(`r${index}`, `Unit ${index}`, new Date(Date.UTC(2025, 0, 1, 0, index)), 1), par);
    }
    renderApp("/records", [{ path: "records", Component: Records, loader: recordsLoader as never }]);
    await screen.findByRole("heading", { name: "Records", level: 1 });
    expect(screen.getAllByTestId("service-record")).toHaveLength(50);
    // Newest first: Unit 119 down to Unit 70.
    expect(screen.getByRole("heading", { name: "Unit 119 (1 record)" })).toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Unit 69 (1 record)" })).not.toBeInTheDocument();
    expect(
      screen.getByText("70 records not shown yet; a search by site or unit finds any of them."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Show 50 more" }));
    expect(screen.getAllByTestId("service-record")).toHaveLength(100);
    // A record beyond the first 50 is found by a search.
    await userEvent.click(screen.getByRole("searchbox", { name: "Find a site or unit" }));
    await userEvent.paste("Unit 4");
    await waitFor(() => expect(screen.getAllByTestId("service-record")).toHaveLength(11));
    expect(screen.getByRole("heading", { name: "Unit 4 (1 record)" })).toBeInTheDocument();
  }, 30_000);

  /** /records with one record each of Unit 0, 1 and 2, a day apart; their times as the list shows them. */
  async function showRecordsOfThreeUnits() {
    const par = new Map([[sha256("PAR"), new TextEncoder().encode("PAR")]]);
    const times = [1, 2, 3].map((day) => new Date(Date.UTC(2025, 0, day, 8)));
    for (const [index, time] of times.entries())
      await getServiceRecordStore().add(bigRecord(`r${index}`, `Unit ${index}`, time, 1), par);
    renderApp("/records", [{ path: "records", Component: Records, loader: recordsLoader as never }]);
    await screen.findByRole("heading", { name: "Records", level: 1 });
    return times.map((time) => recordTimeText(time.toISOString()));
  }

  it("name the picked records beside Compare, so one a search hides can still be unpicked", async () => {
    const [first, second, third] = await showRecordsOfThreeUnits();
    await userEvent.click(screen.getByRole("checkbox", { name: `Pick the record of ${first} to compare` }));
    await userEvent.click(screen.getByRole("checkbox", { name: `Pick the record of ${second} to compare` }));
    expect(screen.getByText("Two records picked.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: `Unpick the record of ${first} · Unit 0` })).toHaveTextContent(
      `${first} · Unit 0`,
    );
    // The search leaves only Unit 2: Unit 0's row and its checkbox are gone, its pick is not.
    await userEvent.click(screen.getByRole("searchbox", { name: "Find a site or unit" }));
    await userEvent.paste("Unit 2");
    await waitFor(() => expect(screen.getAllByTestId("service-record")).toHaveLength(1));
    expect(screen.getByRole("checkbox", { name: `Pick the record of ${third} to compare` })).toBeDisabled();
    await userEvent.click(screen.getByRole("button", { name: `Unpick the record of ${first} · Unit 0` }));
    expect(screen.getByText("Pick two records to compare their PAR.txt (1 of 2 picked).")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: `Unpick the record of ${first} · Unit 0` })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: `Pick the record of ${third} to compare` }));
    expect(screen.getByRole("link", { name: "Compare" })).toBeInTheDocument();
  });

  it("keep the keyboard beside Compare after an unpick: on the next unpick, the record's checkbox, or the count", async () => {
    const [first, second, third] = await showRecordsOfThreeUnits();
    const checkbox = (time: string) => screen.getByRole("checkbox", { name: `Pick the record of ${time} to compare` });
    const unpickButton = (time: string, label: string) =>
      screen.getByRole("button", { name: `Unpick the record of ${time} · ${label}` });
    await userEvent.click(checkbox(first!));
    await userEvent.click(checkbox(second!));
    // The first of two: the next unpick button.
    await userEvent.click(unpickButton(first!, "Unit 0"));
    expect(unpickButton(second!, "Unit 1")).toHaveFocus();
    // The last one: its checkbox in the list, to pick it again.
    await userEvent.click(unpickButton(second!, "Unit 1"));
    expect(checkbox(second!)).toHaveFocus();
    // Its row hidden by a search: the line saying how many are picked.
    await userEvent.click(checkbox(third!));
    await userEvent.click(screen.getByRole("searchbox", { name: "Find a site or unit" }));
    await userEvent.paste("Unit 0");
    await waitFor(() => expect(screen.getAllByTestId("service-record")).toHaveLength(1));
    await userEvent.click(unpickButton(third!, "Unit 2"));
    expect(screen.getByText("Pick two records to compare their PAR.txt (0 of 2 picked).")).toHaveFocus();
  });

  it("show code by code what a card write changed, a code the card lost included", async () => {
    const store = getServiceRecordStore();
    const before = new TextEncoder().encode("P1\r\n1\r\nP7777\r\n7\r\n");
    const written = new TextEncoder().encode("P1\r\n2\r\n");
    const record = {
      ...bigRecord("card-write", "Unit 9", new Date(Date.UTC(2025, 0, 5)), 1),
      destination: "card" as const,
      parFile: { sha256: sha256(written), size: written.length },
      cardComparison: {
        summary: "1 changed, 0 added, 1 removed, 0 unchanged",
        previousParFile: { sha256: sha256(before), size: before.length },
      },
    };
    await store.add(
      record,
      new Map([
        [sha256(written), written],
        [sha256(before), before],
      ]),
    );
    renderApp("/records/card-write", [
      { path: "records/:recordId", Component: ServiceRecordScreen, loader: recordLoader as never },
      { path: "records/compare", Component: CompareRecords, loader: compareLoader as never },
    ]);
    await userEvent.click(await screen.findByRole("link", { name: "See code by code what the write changed" }));
    expect(
      await screen.findByRole("heading", { name: "What the write changed on the card", level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId("records-compare-summary")).toHaveTextContent(
      "1 changed, 0 added, 1 removed, 0 unchanged",
    );
    // The rows themselves are windowed (laid out in a browser only): the e2e of the card write reads them.
    const comparison = "PAR.txt written to the card compared with the one it held before";
    // Its rows scroll in a box the keyboard reaches, named as the table.
    const scroller = screen.getByRole("region", { name: comparison });
    expect(scroller).toHaveAttribute("tabindex", "0");
    expect(scroller).toContainElement(screen.getByRole("table", { name: comparison }));
  });

  it("mark where two rewritten values first differ when their starts look the same", async () => {
    const record = bigRecord("long-values", "Unit 3", new Date(Date.UTC(2025, 0, 6)), 1);
    const long = "a".repeat(250);
    record.rewritten[0] = {
      ...record.rewritten[0]!,
      standardValue: `${long}x`,
      customerValue: `${long}y`,
    };
    await getServiceRecordStore().add(record, new Map([[sha256("PAR"), new TextEncoder().encode("PAR")]]));
    renderApp("/records/long-values", [
      { path: "records/:recordId", Component: ServiceRecordScreen, loader: recordLoader as never },
    ]);
    const rewritten = within(await screen.findByRole("table", { name: "Rewritten (1)" }));
    expect(rewritten.getAllByText("differs from character 251")).toHaveLength(2);
    expect(rewritten.getAllByRole("mark").map((mark) => mark.textContent)).toEqual(["x", "y"]);
  });

  it("open a big record at the page its address names, and turn pages from the store", async () => {
    const record = bigRecord();
    await getServiceRecordStore().add(record, new Map([[sha256("PAR"), new TextEncoder().encode("PAR")]]));
    renderApp("/records/big?rewritten=3&added=nonsense", [
      { path: "records/:recordId", Component: ServiceRecordScreen, loader: recordLoader as never },
    ]);
    const table = await screen.findByRole("table", { name: "Rewritten (250)" });
    const firstCodes = () =>
      within(table)
        .getAllByRole("row")
        .slice(1, 3)
        .map((row) => row.firstChild?.textContent);
    expect(firstCodes()).toEqual(["P200", "P201"]);
    expect(screen.getByText("Rows 201–250 of 250")).toBeInTheDocument();
    await userEvent.click(
      within(screen.getByRole("navigation", { name: "Pages of Rewritten" })).getByRole("button", { name: "1" }),
    );
    expect(await screen.findByText("Rows 1–100 of 250")).toBeInTheDocument();
    expect(firstCodes()).toEqual(["P0", "P1"]);
    // The arrows are icons only: each has a name.
    const pages = within(screen.getByRole("navigation", { name: "Pages of Rewritten" }));
    expect(pages.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await userEvent.click(pages.getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Rows 101–200 of 250")).toBeInTheDocument();
  });

  it("let the keyboard reach and scroll each table that scrolls sideways on a phone, named as its table", async () => {
    await getServiceRecordStore().add(bigRecord(), new Map([[sha256("PAR"), new TextEncoder().encode("PAR")]]));
    renderApp("/records/big", [
      { path: "records/:recordId", Component: ServiceRecordScreen, loader: recordLoader as never },
    ]);
    const table = await screen.findByRole("table", { name: "Rewritten (250)" });
    const scroller = screen.getByRole("region", { name: "Rewritten table" });
    expect(scroller).toContainElement(table);
    expect(scroller).toHaveAttribute("tabindex", "0");
  });

  it("asks before deleting a record with the focus on Cancel, so Enter pressed twice deletes nothing", async () => {
    await getServiceRecordStore().add(bigRecord(), new Map([[sha256("PAR"), new TextEncoder().encode("PAR")]]));
    renderApp("/records/big", [
      {
        path: "records/:recordId",
        Component: ServiceRecordScreen,
        loader: recordLoader as never,
        action: recordAction as never,
      },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(within(dialog).getByRole("button", { name: "Cancel" })).toHaveFocus());
    expect(within(dialog).getByRole("button", { name: "Close dialog" })).toBeInTheDocument();
    await userEvent.keyboard("{Enter}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect((await getServiceRecordStore().get("big")).record).toBeTruthy();
  });

  it("say how many rows of a page could not be read, where storage damaged them", async () => {
    await getServiceRecordStore().add(bigRecord(), new Map([[sha256("PAR"), new TextEncoder().encode("PAR")]]));
    await setMany([["rows:big:rewritten:1", "garbage"]], createStore("technician-toolbox-records", "service-records"));
    renderApp("/records/big?rewritten=2", [
      { path: "records/:recordId", Component: ServiceRecordScreen, loader: recordLoader as never },
    ]);
    expect(await screen.findByText("Rows 101–200 of 250")).toBeInTheDocument();
    expect(
      screen.getByText("100 rows of this page could not be read: they are damaged in this browser's storage."),
    ).toBeInTheDocument();

    // The export of every record still goes out, and says what it left out.
    const response = await recordsAction({
      request: new Request("http://localhost/records", {
        method: "POST",
        body: formOf([["intent", recordListIntents.exportCsv]]),
      }),
      params: {},
      serverAction: async () => undefined as never,
    });
    expect(response).not.toBeNull();
    expect(vi.mocked(saveFile)).toHaveBeenCalledTimes(1);
    const toast = await takeToast();
    // The toast is its verdict; what was left out stays on Records, in a note.
    expect(toast).toMatchObject({ type: "warning", message: toastMessages.recordsExported });
    const time = recordTimeText(new Date(Date.UTC(2025, 2, 12)).toISOString());
    expect(await (response as Response).json()).toEqual({
      recordsNote: {
        title: toastMessages.recordsExported,
        lines: [leftOutTexts.unreadRows([`100 rows of the record of ${time}`])],
        failed: false,
      },
    });
  });

  it("say there is a record this version cannot read, on the list and at its address, and delete it after a confirmation", async () => {
    await setMany(
      [
        ["record:damaged", { id: "damaged", label: 7 }],
        ["rows:damaged:rewritten:0", []],
      ],
      createStore("technician-toolbox-records", "service-records"),
    );
    const atItsAddress = renderApp("/records/damaged", [
      { path: "records/:recordId", Component: ServiceRecordScreen, loader: recordLoader as never },
    ]);
    expect(await screen.findByText(toastMessages.serviceRecordUnreadableHere)).toBeInTheDocument();
    atItsAddress.unmount();

    renderApp("/records", [
      { path: "records", Component: Records, loader: recordsLoader as never, action: recordsAction as never },
    ]);
    const notice = await screen.findByTestId("unreadable-records");
    expect(notice).toHaveTextContent("1 record cannot be read");
    await userEvent.click(within(notice).getByRole("button", { name: "Delete it" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await waitFor(() => expect(screen.queryByTestId("unreadable-records")).not.toBeInTheDocument());
    expect(await getServiceRecordStore().listWithUnreadable()).toEqual({ records: [], unreadableIds: [] });
  });

  it("back up: says when this browser could not restore the backup on this device", async () => {
    await addSite();
    await filesAct([["intent", fileListIntents.download]]);
    const backUp = () =>
      recordsAction({
        request: new Request("http://localhost/records", {
          method: "POST",
          body: formOf([["intent", recordListIntents.backUp]]),
        }),
        params: {},
        serverAction: async () => undefined as never,
      });
    await backUp();
    expect(vi.mocked(saveFile).mock.calls.at(-1)![0]).toMatch(/^technician-toolbox-records-\d{4}-\d{2}-\d{2}\.zip$/);
    expect(await takeToast()).toMatchObject({
      type: "success",
      message: "Backup saved: 1 record and 3 kept files.",
    });
    // A device with so little memory (as the browser tells it) that the limit is 1,000 bytes.
    Object.defineProperty(navigator, "deviceMemory", { value: (1000 * 16) / 1024 ** 3, configurable: true });
    try {
      const response = await backUp();
      expect(await takeToast()).toMatchObject({
        type: "warning",
        message: toastMessages.backupSaved(1, 3),
      });
      const { recordsNote } = (await (response as Response).json()) as { recordsNote: RecordsNote };
      expect(recordsNote.lines).toEqual([expect.stringMatching(/^It unpacks to \d+\.\d MB, .+\(0\.0 MB\)/)]);
    } finally {
      delete (navigator as Navigator & { deviceMemory?: number }).deviceMemory;
    }
  });

  it("back up: say restored records are in the backup they came from, though this browser made none", async () => {
    await getServiceRecordStore().add(bigRecord(), new Map([[sha256("PAR"), new TextEncoder().encode("PAR")]]));
    writeBackupMark(markAfterRestore(null, ["big"]));
    try {
      renderApp("/records", [{ path: "records", Component: Records, loader: recordsLoader as never }]);
      expect(await screen.findByTestId("backup-reminder")).toHaveTextContent(
        /^Every record is in the backup it was restored from; this browser has made no backup yet\.$/,
      );
    } finally {
      localStorage.clear();
    }
  });

  it("open and delete a record whose id (from a restored backup) holds /, ? and # from its link", async () => {
    const record = { ...bigRecord(), id: "x/y?rewritten=3#z" };
    await getServiceRecordStore().add(record, new Map([[sha256("PAR"), new TextEncoder().encode("PAR")]]));
    renderApp("/records", [
      { path: "records", Component: Records, loader: recordsLoader as never, action: recordsAction as never },
      {
        path: "records/:recordId",
        Component: ServiceRecordScreen,
        loader: recordLoader as never,
        action: recordAction as never,
      },
    ]);
    await userEvent.click(await screen.findByRole("link", { name: /250 parameters/ }));
    expect(await screen.findByRole("table", { name: "Rewritten (250)" })).toBeInTheDocument();
    expect(screen.getByText("Rows 1–100 of 250")).toBeInTheDocument();
    // Delete posts to the record's own address, its id encoded: before, it went to /records/x/y and found nothing.
    await userEvent.click(screen.getByRole("button", { name: "Delete" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete record" }));
    expect(await screen.findByText(/No records yet/)).toBeInTheDocument();
    expect((await getServiceRecordStore().get(record.id)).record).toBeFalsy();
  });

  it("say when the browser's storage could not read a record, not that it is not kept", async () => {
    const readFailure = vi.spyOn(IDBObjectStore.prototype, "get").mockImplementation(() => {
      throw new DOMException("The operation failed for reasons unrelated to the database itself", "UnknownError");
    });
    try {
      renderApp("/records/unreadable", [
        { path: "records/:recordId", Component: ServiceRecordScreen, loader: recordLoader as never },
      ]);
      const [before, after] = toastMessages.serviceRecordUnreadable("\u0000").split("\u0000");
      expect(await screen.findByText((text) => text.startsWith(before!) && text.endsWith(after!))).toBeInTheDocument();
      expect(screen.queryByText(/not kept in this browser/)).not.toBeInTheDocument();
    } finally {
      readFailure.mockRestore();
    }
  });

  it("put the keyboard on the Records heading after a record is deleted, not at the page's start", async () => {
    await getServiceRecordStore().add(bigRecord(), new Map([[sha256("PAR"), new TextEncoder().encode("PAR")]]));
    renderApp("/records/big", [
      { path: "records", Component: Records, loader: recordsLoader as never },
      {
        path: "records/:recordId",
        Component: ServiceRecordScreen,
        loader: recordLoader as never,
        action: recordAction as never,
      },
    ]);
    await userEvent.click(await screen.findByRole("button", { name: "Delete" }));
    await userEvent.click(await screen.findByRole("button", { name: "Delete record" }));
    const heading = await screen.findByRole("heading", { name: "Records", level: 1 });
    await waitFor(() => expect(heading).toHaveFocus());
  }, 15_000);

  it("put the keyboard on the heading of the unit's earlier record when the link it was on is gone there", async () => {
    const par = new Map([[sha256("PAR"), new TextEncoder().encode("PAR")]]);
    await getServiceRecordStore().add(bigRecord("first", "Pool 1", new Date(Date.UTC(2025, 2, 10)), 3), par);
    await getServiceRecordStore().add(bigRecord("second", "Pool 1", new Date(Date.UTC(2025, 2, 12)), 3), par);
    renderApp("/records/second", [
      { path: "records/:recordId", Component: ServiceRecordScreen, loader: recordLoader as never },
    ]);
    const earlier = await screen.findByRole("link", { name: /^Earlier record of this unit/ });
    earlier.focus();
    await userEvent.keyboard("{Enter}");
    expect(await screen.findByText("The unit's first record")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("heading", { name: "Service record", level: 1 })).toHaveFocus());
  });

  it("say when a record is not kept in this browser", async () => {
    renderApp("/records/missing", [
      { path: "records/:recordId", Component: ServiceRecordScreen, loader: recordLoader as never },
    ]);
    expect(
      await screen.findByText("This service record is not kept in this browser (deleted, or made in another browser)."),
    ).toBeInTheDocument();
  });
});
