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
});
