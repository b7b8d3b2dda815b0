import { describe, expect, it } from "vitest";
import { offlineNews } from "~/lib/shell/offlineNews";

describe("what the service worker's state means", () => {
  it("a first visit's worker, installed and not active yet, is no new version (Firefox keeps it there while pages register it)", () => {
    expect(offlineNews({ controlledAtLoad: false, activated: false, waiting: true })).toBeNull();
  });

  it("a first visit's worker, once active, makes the app ready to work offline", () => {
    expect(offlineNews({ controlledAtLoad: false, activated: true, waiting: false })).toBe("ready-offline");
  });

  it("a page served by an earlier visit's worker has nothing new to say", () => {
    expect(offlineNews({ controlledAtLoad: true, activated: true, waiting: false })).toBeNull();
  });

  it("a worker waiting while an older one is active is a new version", () => {
    expect(offlineNews({ controlledAtLoad: true, activated: true, waiting: true })).toBe("new-version-waiting");
    expect(offlineNews({ controlledAtLoad: false, activated: true, waiting: true })).toBe("new-version-waiting");
  });

  it("nothing registered yet: nothing to say", () => {
    expect(offlineNews({ controlledAtLoad: false, activated: false, waiting: false })).toBeNull();
  });
});
