import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { BrowserAbilitiesNote } from "~/components/merger/BrowserAbilitiesNote";
import { browserAbilitiesText } from "~/lib/merger/browserAbilities";
import { storageKeptForGood, whenStorageKeptForGoodKnown } from "~/lib/shell/browser/storagePersistence";

vi.mock("~/lib/shell/browser/storagePersistence", () => ({
  storageKeptForGood: vi.fn(),
  whenStorageKeptForGoodKnown: vi.fn(),
}));

describe("what this browser can do, in words", () => {
  it("with the card folder: compare and Write; without: pick PAR.txt and download", () => {
    expect(browserAbilitiesText({ cardFolder: true, keptForGood: true }).card).toBe(
      "This browser opens the SD card as a folder: compare with the card's PAR.txt and Write to SD card.",
    );
    expect(browserAbilitiesText({ cardFolder: false, keptForGood: true }).card).toBe(
      "This browser cannot open the SD card as a folder: pick the card's PAR.txt to compare, and download PAR.txt to copy it onto the card.",
    );
  });

  it("kept for good only when the browser says so; otherwise it may clear them (Safari after 7 days)", () => {
    expect(browserAbilitiesText({ cardFolder: false, keptForGood: true }).storage).toBe(
      "Your files and service records are kept in this browser for good, until you delete them.",
    );
    for (const keptForGood of [false, null]) {
      expect(browserAbilitiesText({ cardFolder: false, keptForGood }).storage).toContain(
        "it may clear them when space runs low (Safari: after 7 days without a visit)",
      );
    }
  });
});

describe("the note on /files", () => {
  const renderNote = (cardFolder: boolean, storing = true) =>
    render(
      <MantineProvider>
        <BrowserAbilitiesNote storing={storing} cardFolder={cardFolder} />
      </MantineProvider>,
    );

  it("says both at once when the browser has answered", () => {
    vi.mocked(storageKeptForGood).mockReturnValue(true);
    renderNote(true);
    expect(screen.getByTestId("browser-abilities")).toHaveTextContent(
      "opens the SD card as a folder: compare with the card's PAR.txt and Write to SD card.",
    );
    expect(screen.getByTestId("browser-abilities")).toHaveTextContent(
      "Your files and service records are kept in this browser for good",
    );
  });

  it("adds what is kept once the browser answers", async () => {
    vi.mocked(storageKeptForGood).mockReturnValue(undefined);
    vi.mocked(whenStorageKeptForGoodKnown).mockResolvedValue(false);
    renderNote(false);
    expect(screen.getByTestId("browser-abilities")).toHaveTextContent("pick the card's PAR.txt to compare");
    expect(screen.getByTestId("browser-abilities")).not.toHaveTextContent("kept");
    expect(await screen.findByText(/it may clear them when space runs low/)).toBeInTheDocument();
  });

  it("says nothing of what is kept where the browser stores nothing (the storage notice says it)", () => {
    vi.mocked(storageKeptForGood).mockReturnValue(false);
    renderNote(true, false);
    expect(screen.getByTestId("browser-abilities")).toHaveTextContent("opens the SD card as a folder");
    expect(screen.getByTestId("browser-abilities")).not.toHaveTextContent("kept in this browser");
  });
});
