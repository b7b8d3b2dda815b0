/**
 * A QR code of a deep link, drawn as one SVG path. The encoder (uqr) is loaded
 * only when a technician asks for a QR code, so it stays out of the first load.
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

type QrEncoder = typeof import("uqr").encode;

/** The encoder once loaded: a print the browser starts (Ctrl+P) cannot wait for it to load. */
let loadedEncoder: QrEncoder | null = null;

export async function loadQrEncoder(): Promise<void> {
  loadedEncoder ??= (await import("uqr")).encode;
}

/** The QR code of `text` at once, when the encoder is loaded already; null before. */
export function drawQrCodeNow(text: string): QrPicture | null {
  // Error correction M: survives a scratched print-out or a glare on a phone screen.
  return loadedEncoder ? qrPictureOf(loadedEncoder(text, { ecc: "M", border: qrQuietZone }).data) : null;
}

export async function drawQrCode(text: string): Promise<QrPicture> {
  await loadQrEncoder();
  return drawQrCodeNow(text)!;
}
