/**
 * A QR code of a deep link, drawn as one SVG path. The encoder (uqr) is loaded
 * only when a technician asks for a QR code (calculator/browser/qrEncoder.ts), so it stays out of the first load.
 */

export interface QrPicture {
  /** Width and height in modules, quiet zone included. */
  size: number;
  /** SVG path of the dark modules, one unit per module. */
  path: string;
}

/** Four light modules around the code, as the QR standard asks, so it scans on any background. */
export const qrQuietZone = 4;

/** The dark modules as rectangles, one per horizontal run, so the path stays short. */
export function qrPictureOf(modules: readonly (readonly boolean[])[]): QrPicture {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < row.length && row[x]) x++;
      parts.push(`M${start} ${y}h${x - start}v1h${start - x}z`);
    }
  });
  return { size: modules.length, path: parts.join("") };
}

/** On the code sheet when a print came before the QR code could be drawn. */
export const qrCodeNotPrinted = "No QR code on this print: print with Print code sheet to have it.";

/** The QR encoder (uqr's encode), loaded on demand by the browser adapter (calculator/browser/qrEncoder.ts). */
export type QrEncoder = typeof import("uqr").encode;

/** The QR code of `text`. Error correction M: survives a scratched print-out or a glare on a phone screen. */
export function qrPictureWith(encode: QrEncoder, text: string): QrPicture {
  return qrPictureOf(encode(text, { ecc: "M", border: qrQuietZone }).data);
}
