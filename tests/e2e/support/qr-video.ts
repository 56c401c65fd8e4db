import QRCode from "qrcode";

/**
 * A Y4M video (what Chromium's fake camera plays with --use-file-for-fake-video-capture) of one
 * frame shown twice: the QR code of `payload`, black on white, centred in 640×480. Written from
 * the QR's modules, nothing downloaded.
 */
export async function qrVideo(payload: string): Promise<Buffer> {
  const qr = QRCode.create(payload, { errorCorrectionLevel: "M" });
  const n = qr.modules.size;
  const [width, height] = [640, 480];
  const scale = Math.floor(400 / (n + 8));
  const x0 = Math.floor((width - n * scale) / 2);
  const y0 = Math.floor((height - n * scale) / 2);
  const y = Buffer.alloc(width * height, 235);
  for (let row = 0; row < n; row++)
    for (let col = 0; col < n; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let dy = 0; dy < scale; dy++)
        y.fill(16, (y0 + row * scale + dy) * width + x0 + col * scale, (y0 + row * scale + dy) * width + x0 + (col + 1) * scale);
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]);
}
