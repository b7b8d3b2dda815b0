/** SHA-256 of bytes as 64 lowercase hex digits: the fingerprint a service record keeps of every file. */
export async function sha256Hex(bytes: Uint8Array<ArrayBuffer> | ArrayBuffer): Promise<string> {
  // crypto.subtle exists only on https or localhost; say so instead of failing with "undefined".
  if (!globalThis.crypto?.subtle)
    throw new Error("this page is not served over https, so the browser offers no hashing");
  const digest = await globalThis.crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
