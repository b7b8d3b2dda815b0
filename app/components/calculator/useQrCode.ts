import { useCallback, useState } from "react";
import { flushSync } from "react-dom";
import { drawQrCode, type QrPicture } from "~/lib/calculator/qrCode";
import { logger } from "~/lib/shell/logger";

export interface QrCodeState {
  /** The QR code of `link`, once drawn; null before that or when drawing failed. */
  picture: QrPicture | null;
  failed: boolean;
  /** Draws the QR code of `link` (loading the encoder the first time) and puts it on screen before it resolves. */
  draw(): Promise<void>;
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

  return { picture: current?.picture ?? null, failed: current !== null && current.picture === null, draw };
}
