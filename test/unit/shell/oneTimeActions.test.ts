import { afterEach, describe, expect, it, vi } from "vitest";
import { runOneTimeAction } from "~/lib/shell/browser/oneTimeActions";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("runOneTimeAction", () => {
  it("answers a second tap 600 ms after the first, on a write that took 300 ms, with the first one's answer", async () => {
    let now = 10_000;
    vi.spyOn(performance, "now").mockImplementation(() => now);
    let writes = 0;
    const write = () =>
      runOneTimeAction("/files write", async () => {
        writes += 1;
        return { written: writes };
      });
    const first = write();
    now += 300; // the write ends
    await expect(first).resolves.toEqual({ written: 1 });
    now += 300; // the second tap, 600 ms after the first: before its answer could be seen
    await expect(write()).resolves.toEqual({ written: 1 });
    expect(writes).toBe(1);
    now += 600; // a tap well after the answer was shown is the technician's own
    await expect(write()).resolves.toEqual({ written: 2 });
  });
});
