import { describe, expect, it } from "vitest";
import { sha256Hex } from "~/lib/shell/browser/sha256";

const utf8 = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;

// FIPS 180-2 / NIST test vectors.
describe("sha256Hex", () => {
  it("hashes the empty input", async () => {
    expect(await sha256Hex(utf8(""))).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it('hashes "abc"', async () => {
    expect(await sha256Hex(utf8("abc"))).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("hashes the 448-bit message", async () => {
    expect(await sha256Hex(utf8("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))).toBe(
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    );
  });

  it("hashes a million times 'a', given as an ArrayBuffer", async () => {
    expect(await sha256Hex(utf8("a".repeat(1_000_000)).buffer)).toBe(
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
    );
  });
});
