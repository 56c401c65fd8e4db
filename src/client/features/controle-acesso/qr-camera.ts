// 'Ler QR Code' (gatehouse-spec §3): the device camera, decoded in the browser by @zxing/browser
// (pure JavaScript: no worker, no WebAssembly, nothing fetched at run time). The library is
// imported only when the porteiro opens the camera, so the console's own bundle does not carry it.
// docs/decisions.md, "Câmera 'Ler QR Code'".

/** Why the camera could not be used, as the porteiro reads it. */
export const CAMERA_MENSAGENS = {
  "sem-camera": "Nenhuma câmera encontrada neste aparelho. Use o leitor USB ou digite o código na busca.",
  "permissao-negada":
    "Permissão para usar a câmera negada. Libere a câmera para este site nas configurações do navegador e tente de novo, ou use o leitor USB.",
  "camera-ocupada": "A câmera não respondeu: pode estar em uso por outro aplicativo. Feche-o e tente de novo, ou use o leitor USB.",
  "leitor-indisponivel": "Não foi possível carregar o leitor de QR Code. Recarregue a página e tente de novo, ou use o leitor USB.",
} as const;
export type CameraFalha = keyof typeof CAMERA_MENSAGENS;

export class CameraError extends Error {
  constructor(readonly falha: CameraFalha) {
    super(CAMERA_MENSAGENS[falha]);
    this.name = "CameraError";
  }
}

/** What a getUserMedia failure means for the porteiro (DOMException names, old Chrome's too). */
export function falhaDaCamera(error: unknown): CameraFalha {
  const name = error instanceof Error || (typeof error === "object" && error !== null && "name" in error) ? String((error as { name: unknown }).name) : "";
  switch (name) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      return "permissao-negada";
    case "NotFoundError":
    case "DevicesNotFoundError":
    case "OverconstrainedError":
    case "ConstraintNotSatisfiedError":
      return "sem-camera";
    default:
      return "camera-ocupada";
  }
}

const stopStream = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

/**
 * Opens the camera (the back one when there are two) into `video` and decodes QR codes until one
 * is read: `onPayload` gets its text once. Resolves to the function that stops the camera; rejects
 * with a `CameraError`.
 */
export async function lerQrCode(video: HTMLVideoElement, onPayload: (payload: string) => void): Promise<() => void> {
  // No camera API: an old browser, or a page not served over HTTPS.
  if (typeof navigator === "undefined" || !navigator.mediaDevices?.getUserMedia) throw new CameraError("sem-camera");
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
  } catch (error) {
    throw new CameraError(falhaDaCamera(error));
  }
  try {
    const { BrowserQRCodeReader } = await import("@zxing/browser/esm/readers/BrowserQRCodeReader.js");
    const reader = new BrowserQRCodeReader(undefined, { delayBetweenScanAttempts: 150 });
    let lido = false;
    const controls = await reader.decodeFromStream(stream, video, (result, _error, scanner) => {
      if (!result || lido) return;
      lido = true;
      scanner.stop();
      stopStream(stream);
      onPayload(result.getText());
    });
    return () => {
      controls.stop();
      stopStream(stream);
    };
  } catch {
    stopStream(stream);
    throw new CameraError("leitor-indisponivel");
  }
}
