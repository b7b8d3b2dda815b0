import { afterEach, describe, expect, it, vi } from "vitest";

async function freshLogger() {
  vi.resetModules();
  return (await import("~/lib/shell/logger")).logger;
}

afterEach(() => vi.unstubAllEnvs());

describe("logger", () => {
  it("writes to the console by default", async () => {
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    (await freshLogger()).error("Something went wrong");
    expect(consoleError).toHaveBeenCalledWith("Something went wrong");
  });

  it("is silent when VITE_SILENT is true", async () => {
    vi.stubEnv("VITE_SILENT", "true");
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const consoleWarn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const logger = await freshLogger();
    logger.error("Something went wrong");
    logger.warn("careful");
    expect(consoleError).not.toHaveBeenCalled();
    expect(consoleWarn).not.toHaveBeenCalled();
  });
});
