import type { QrPicture } from "~/lib/calculator/qrCode";
import classes from "./Calculator.module.css";

/** Screen pixels per QR module: whole pixels keep the modules sharp for a camera. */
const pixelsPerModule = 6;

/** Always black on white, with its quiet zone, so it scans in dark colours too. */
export function QrCodePicture({ picture, link }: { picture: QrPicture; link: string }) {
  const side = picture.size * pixelsPerModule;
  return (
    <svg
      viewBox={`0 0 ${picture.size} ${picture.size}`}
      width={side}
      height={side}
      role="img"
      aria-label={`QR code of the link ${link}`}
      shapeRendering="crispEdges"
      className={classes.qrCode}
      data-testid="qr-code"
    >
      <rect width={picture.size} height={picture.size} fill="#fff" />
      <path d={picture.path} fill="#000" />
    </svg>
  );
}
