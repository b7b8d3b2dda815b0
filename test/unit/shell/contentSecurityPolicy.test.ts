import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  trustedTypesPolicyScript,
  withInlineScriptHashes,
} from "~/lib/shell/contentSecurityPolicy";

const sha256Base64 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

const builtPage = (policy: string) =>
  `<html><head><meta http-equiv="Content-Security-Policy" content="${policy}"/>` +
  `<script>${trustedTypesPolicyScript}</script><script type="module">import "/assets/a.js";</script>` +
  `<script src="/assets/b.js"></script><script>window.x=1</script><script>window.x=1</script></head></html>`;

describe("the Content-Security-Policy of the built page", () => {
  it("allows exactly the page's own inline scripts, by hash, and no other inline script", () => {
    const html = withInlineScriptHashes(builtPage(contentSecurityPolicy()), sha256Base64);
    const policy = /content="([^"]*)"/.exec(html)![1]!;
    const scriptSources = /script-src ([^;]*)/.exec(policy)![1]!.split(" ");
    expect(scriptSources).toEqual([
      "'self'",
      `'sha256-${sha256Base64(trustedTypesPolicyScript)}'`,
      `'sha256-${sha256Base64('import "/assets/a.js";')}'`,
      `'sha256-${sha256Base64("window.x=1")}'`,
    ]);
    expect(policy).toContain("default-src 'self'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toMatch(/require-trusted-types-for 'script'; trusted-types default$/);
  });

  it("refuses to write a page that has no policy to replace", () => {
    expect(() => withInlineScriptHashes("<html><head></head></html>", sha256Base64)).toThrow(/Content-Security-Policy/);
  });

  it("keeps the inline policy script one script: nothing in it closes the script element early", () => {
    expect(trustedTypesPolicyScript).not.toMatch(/<\/script/i);
  });

  // The policy as the browser gets it: the script run against a stand-in for window.trustedTypes.
  function defaultPolicy() {
    let policy: { createHTML: (html: string) => string | null } | undefined;
    const trustedTypes = { createPolicy: (_name: string, rules: typeof policy) => (policy = rules) };
    new Function("window", "trustedTypes", "location", trustedTypesPolicyScript)({ trustedTypes }, trustedTypes, {
      href: "http://127.0.0.1/",
    });
    return policy!;
  }

  it("lets the page's own inline scripts through when a failed screen makes React write them again", () => {
    const policy = defaultPolicy();
    expect(policy.createHTML(trustedTypesPolicyScript)).toBe(trustedTypesPolicyScript);
    expect(policy.createHTML("<script></script>")).toBe("<script></script>");
    expect(policy.createHTML(":root{--mantine-color-body:#fff}")).toBe(":root{--mantine-color-body:#fff}");
  });

  it("refuses markup written into the page", () => {
    expect(defaultPolicy().createHTML('<img src=x onerror="alert(1)">')).toBeNull();
    expect(defaultPolicy().createHTML("<script>alert(1)</script>")).toBeNull();
  });
});
