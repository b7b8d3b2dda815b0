import { describe, expect, it } from "vitest";
import packageJson from "../../../package.json";
import { footerText, pageTitle, productVersion } from "~/lib/shell/product";

describe("product facts", () => {
  it("shows the version the product is released as, read from package.json", () => {
    // package.json is the one place the version is typed; the product's definition fixes it at 0.2.3.
    expect(packageJson.version).toBe("0.2.3");
    expect(productVersion).toBe("0.2.3");
  });

  it("writes the footer exactly as docs/behaviour.md gives it", () => {
    expect(footerText).toBe("you are on Technician Toolbox by EV 2025 V0.2.3.");
  });

  it("names each screen in the browser tab", () => {
    expect(pageTitle("Actions")).toBe("Actions · Technician Toolbox");
    expect(pageTitle()).toBe("Technician Toolbox");
  });
});
