/**
 * The app's Content-Security-Policy (a meta tag: a static host sends no headers of its own). It loads nothing
 * but its own files. Inline scripts run only when the build named them: index.html's inline scripts (Remix's
 * start-up, Mantine's colour scheme, the first screen's heading) are hashed into the policy after the build
 * (vite.config.ts), so a script injected into the page (an `onerror=` attribute, a `<script>` element) does
 * not run. Before that step (the dev server, whose own inline scripts change) inline scripts are allowed.
 * Inline styles stay allowed: Mantine writes style attributes and <style> elements at run time.
 */
export function contentSecurityPolicy(inlineScripts: readonly string[] = ["'unsafe-inline'"]): string {
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...inlineScripts].join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/**
 * Trusted Types for the built app: every string that would become markup or a script address goes through
 * this one policy. React 18 and Mantine write strings through innerHTML (<style> elements with CSS, and React's
 * own empty `<script></script>` it creates elements from), so the policy lets through text with no markup and
 * that one empty script, and refuses anything else: injected markup throws instead of being parsed. Scripts
 * and workers load only from the app's own origin. An inline script, first in <head>, before any sink is used.
 */
// The script's own text holds no "<" (written \\x3c): when a screen fails, React writes the whole page again,
// this script through innerHTML too, and the policy must let its own text through.
export const trustedTypesPolicyScript = `if(window.trustedTypes&&trustedTypes.createPolicy)trustedTypes.createPolicy("default",{createHTML:function(h){return h==="\\x3cscript>\\x3c/script>"||h.indexOf("\\x3c")===-1?h:null},createScriptURL:function(u){return new URL(u,location.href).origin===location.origin?u:null}})`;

const trustedTypesDirectives = ["require-trusted-types-for 'script'", "trusted-types default"];

const inlineScriptPattern = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;
const policyMetaPattern = /<meta\s+http-equiv="Content-Security-Policy"\s+content="[^"]*"\s*\/?>/i;

/**
 * The built index.html with a policy that allows exactly its own inline scripts, each by its hash
 * (`sha256Base64` of the script's text, as the browser computes it). Fails when the page has no policy to
 * replace: a build must never go out without one.
 */
export function withInlineScriptHashes(html: string, sha256Base64: (text: string) => string): string {
  if (!policyMetaPattern.test(html)) throw new Error("index.html has no Content-Security-Policy meta tag");
  const hashes = [...new Set([...html.matchAll(inlineScriptPattern)].map(([, text]) => sha256Base64(text ?? "")))];
  const policy = [contentSecurityPolicy(hashes.map((hash) => `'sha256-${hash}'`)), ...trustedTypesDirectives].join(
    "; ",
  );
  return html.replace(policyMetaPattern, `<meta http-equiv="Content-Security-Policy" content="${policy}"/>`);
}
