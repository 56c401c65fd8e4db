import QRCode from "qrcode";

// Test support, never bundled: the picture of a QR code that the decoder's unit test reads and the
// browser tests' fake camera plays (tests/e2e/support/qr-video.ts).

/**
 * The picture a camera held still in front of the QR code of `payload` would give: its luma plane
 * (Y, 16 black to 235 white, as video carries it), the code centred in 640×480. Drawn from the QR's
 * modules, nothing downloaded.
 */
export function qrQuadro(payload: string): { y: Uint8Array; width: number; height: number } {
  const qr = QRCode.create(payload, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const [width, height] = [640, 480];
  const scale = Math.floor(400 / (n + 8));
  const x0 = Math.floor((width - n * scale) / 2);
  const y0 = Math.floor((height - n * scale) / 2);
  const y = new Uint8Array(width * height).fill(235);
  for (let row = 0; row < n; row++)
    for (let col = 0; col < n; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++)
        y.fill(16, (y0 + row * scale + dy) * width + x0 + col * scale, (y0 + row * scale + dy) * width + x0 + (col + 1) * scale);
    }
  return { y, width, height };
}
