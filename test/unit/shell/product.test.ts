import { describe, expect, it } from "vitest";
import packageJson from "../../../package.json";
import { footerText, pageTitle, productVersion } from "~/lib/shell/product";

describe("product facts", () => {
  it("takes the version from package.json", () => {
    expect(productVersion).toBe(packageJson.version);
  });

  it("writes the footer exactly as DECISIONS.md gives it", () => {
    expect(footerText).toBe("you are on Technician Toolbox by EV 2025 V0.2.3.");
  });

  it("names each screen in the browser tab", () => {
    expect(pageTitle("Actions")).toBe("Actions · Technician Toolbox");
    expect(pageTitle()).toBe("Technician Toolbox");
  });
});
