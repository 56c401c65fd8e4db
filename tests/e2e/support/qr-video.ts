import { qrQuadro } from "../../../src/client/testing/qr-quadro";

/**
 * A Y4M video (what Chromium's fake camera plays with --use-file-for-fake-video-capture) of one
 * frame shown twice: `qrQuadro(payload)`, the QR code of `payload` black on white in 640×480.
 */
export function qrVideo(payload: string): Buffer {
  const { y, width, height } = qrQuadro(payload);
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from("FRAME\n"), y, chroma, chroma]);
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`), frame, frame]);
}
