import jsQR from "jsqr";
import { describe, expect, it } from "vitest";
import { drawQrCode } from "~/lib/calculator/browser/qrEncoder";
import { qrPictureOf, qrQuietZone, type QrPicture } from "~/lib/calculator/qrCode";

/** Paints the picture's path (only `M x y h w v1 h-w z` runs) into RGBA pixels, `scale` pixels per module. */
function rasterize({ size, path }: QrPicture, scale = 4) {
  const width = size * scale;
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, run] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < Number(run) * scale; dx++) {
        const offset = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        pixels.fill(0, offset, offset + 3);
      }
    }
  }
  return { pixels, width };
}

describe("QR code", () => {
  it("draws each run of dark modules as one rectangle", () => {
    expect(
      qrPictureOf([
        [true, true, false],
        [false, false, false],
        [true, false, true],
      ]),
    ).toEqual({ size: 3, path: "M0 0h2v1h-2zM0 2h1v1h-1zM2 2h1v1h-1z" });
  });

  it("encodes the deep link so a scanner reads it back, with a light quiet zone", async () => {
    const link = "http://127.0.0.1:4273/actions?code=17235";
    const picture = await drawQrCode(link);
    expect(picture.path).not.toMatch(new RegExp(`M\\d+ [0-${qrQuietZone - 1}]h`));
    const { pixels, width } = rasterize(picture);
    expect(jsQR(pixels, width, width)?.data).toBe(link);
  });
});
