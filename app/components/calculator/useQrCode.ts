import { useCallback, useState } from "react";
import { flushSync } from "react-dom";
import { drawQrCode, drawQrCodeNow } from "~/lib/calculator/browser/qrEncoder";
import type { QrPicture } from "~/lib/calculator/qrCode";
import { logger } from "~/lib/shell/logger";

export interface QrCodeState {
  /** The QR code of `link`, once drawn; null before that or when drawing failed. */
  picture: QrPicture | null;
  failed: boolean;
  /** Draws the QR code of `link` (loading the encoder the first time) and puts it on screen before it resolves. */
  draw(): Promise<void>;
  /** Draws it at once when the encoder is loaded (a print the browser starts); false when it is not. */
  drawNow(): boolean;
}

/** The QR code of a link, drawn only when asked for. */
export function useQrCode(link: string | null): QrCodeState {
  const [drawn, setDrawn] = useState<{ link: string; picture: QrPicture | null } | null>(null);
  const current = drawn !== null && drawn.link === link ? drawn : null;

  const draw = useCallback(async () => {
    if (link === null || (drawn?.link === link && drawn.picture)) return;
    let picture: QrPicture | null = null;
    try {
      picture = await drawQrCode(link);
    } catch (error) {
      logger.error("The QR code could not be drawn", error);
    }
    // Synchronously, so a print started right after shows the QR code.
    flushSync(() => setDrawn({ link, picture }));
  }, [link, drawn]);

  const drawNow = useCallback(() => {
    if (link === null) return false;
    if (drawn?.link === link && drawn.picture) return true;
    const picture = drawQrCodeNow(link);
    if (picture) flushSync(() => setDrawn({ link, picture }));
    return picture !== null;
  }, [link, drawn]);

  return { picture: current?.picture ?? null, failed: current !== null && current.picture === null, draw, drawNow };
}
