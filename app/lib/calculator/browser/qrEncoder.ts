/** Loads the QR encoder (uqr) once, on demand: it stays out of the first load (the rule: calculator/qrCode.ts). */
import { qrPictureWith, type QrEncoder, type QrPicture } from "~/lib/calculator/qrCode";

/** The encoder once loaded: a print the browser starts (Ctrl+P) cannot wait for it to load. */
let loadedEncoder: QrEncoder | null = null;

async function qrEncoder(): Promise<QrEncoder> {
  loadedEncoder ??= (await import("uqr")).encode;
  return loadedEncoder;
}

export async function loadQrEncoder(): Promise<void> {
  await qrEncoder();
}

/** The QR code of `text` at once, when the encoder is loaded already; null before. */
export function drawQrCodeNow(text: string): QrPicture | null {
  return loadedEncoder ? qrPictureWith(loadedEncoder, text) : null;
}

export async function drawQrCode(text: string): Promise<QrPicture> {
  return qrPictureWith(await qrEncoder(), text);
}
