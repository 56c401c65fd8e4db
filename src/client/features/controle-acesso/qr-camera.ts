// 'Ler QR Code' (gatehouse-spec §3): the device camera, decoded in the browser by jsQR (pure
// JavaScript: no worker, no WebAssembly, nothing fetched at run time). The decoder is imported only
// when the porteiro opens the camera, so the console's own bundle does not carry it.
// docs/decisions/0242-leitor-de-qr-da-camera.md and 0282-jsqr-no-lugar-da-zxing.md.

/** Why the camera could not be used, as the porteiro reads it: each one says what fixes it. */
export const CAMERA_MENSAGENS = {
  "sem-camera": "Nenhuma câmera encontrada neste aparelho. Use o leitor USB ou digite o código na busca.",
  "permissao-negada":
    "Permissão para usar a câmera negada. Libere a câmera para este site nas configurações do navegador e tente de novo, ou use o leitor USB.",
  "permissao-do-sistema":
    "O sistema do aparelho não deixa o navegador usar a câmera. Libere a câmera para o navegador nas configurações do sistema e tente de novo, ou use o leitor USB.",
  "bloqueada-pela-pagina":
    "Esta página do portal não pode usar a câmera. Recarregue a página e tente de novo; se continuar, avise o suporte. Enquanto isso, use o leitor USB ou digite o código na busca.",
  "camera-ocupada": "A câmera não respondeu: pode estar em uso por outro aplicativo. Feche-o e tente de novo, ou use o leitor USB.",
  "endereco-inseguro":
    "A câmera só funciona com o portal aberto em endereço seguro (https://). Abra o portal pelo endereço com https e tente de novo, ou use o leitor USB.",
  "navegador-sem-camera": "Este navegador não oferece acesso à câmera. Atualize-o ou use outro navegador, ou use o leitor USB.",
  "falha-desconhecida": "Não foi possível abrir a câmera. Tente de novo ou use o leitor USB.",
  "leitor-indisponivel": "Não foi possível carregar o leitor de QR Code. Recarregue a página e tente de novo, ou use o leitor USB.",
} as const;
export type CameraFalha = keyof typeof CAMERA_MENSAGENS;

export class CameraError extends Error {
  constructor(readonly falha: CameraFalha) {
    super(CAMERA_MENSAGENS[falha]);
    this.name = "CameraError";
  }
}

/** What the page knows before asking for the camera. */
export interface AmbienteCamera {
  /** window.isSecureContext: HTTPS, or localhost. Browsers give no camera API to other pages. */
  seguro: boolean;
  /** navigator.mediaDevices.getUserMedia exists. */
  temApi: boolean;
  /** The document's Permissions-Policy allows the camera; undefined where the browser does not say (Firefox, Safari). */
  politicaPermite: boolean | undefined;
}

/** The environment of this page, read from the browser. */
export function ambienteDaCamera(): AmbienteCamera {
  const doc = typeof document === "undefined" ? undefined : (document as PolicyDocument);
  const policy = doc?.permissionsPolicy ?? doc?.featurePolicy;
  let politicaPermite: boolean | undefined;
  try {
    politicaPermite = policy ? policy.allowsFeature("camera") : undefined;
  } catch {
    politicaPermite = undefined;
  }
  return {
    seguro: typeof window === "undefined" || window.isSecureContext !== false,
    temApi: typeof navigator !== "undefined" && typeof navigator.mediaDevices?.getUserMedia === "function",
    politicaPermite,
  };
}
type PolicyDocument = Document & {
  permissionsPolicy?: { allowsFeature(feature: string): boolean };
  featurePolicy?: { allowsFeature(feature: string): boolean };
};

/** A reason known before asking for the camera, or null when it is worth asking. */
export function falhaAntesDeAbrir(ambiente: AmbienteCamera): CameraFalha | null {
  // An insecure page has no camera API either: say what the porteiro can change (the address).
  if (!ambiente.seguro) return "endereco-inseguro";
  if (!ambiente.temApi) return "navegador-sem-camera";
  if (ambiente.politicaPermite === false) return "bloqueada-pela-pagina";
  return null;
}

/**
 * What a getUserMedia failure means for the porteiro (DOMException names, old Chrome's too). A
 * refusal is the page's policy when the document says the camera is not allowed to it, the
 * system's when Chromium says so ("Permission denied by system"), else the person's answer.
 */
export function falhaDaCamera(error: unknown, ambiente: Pick<AmbienteCamera, "politicaPermite"> = { politicaPermite: undefined }): CameraFalha {
  const has = (key: "name" | "message") => (typeof error === "object" && error !== null && key in error ? String((error as Record<string, unknown>)[key]) : "");
  switch (has("name")) {
    case "NotAllowedError":
    case "PermissionDeniedError":
    case "SecurityError":
      if (ambiente.politicaPermite === false) return "bloqueada-pela-pagina";
      return /by system/i.test(has("message")) ? "permissao-do-sistema" : "permissao-negada";
    case "NotFoundError":
    case "DevicesNotFoundError":
    case "OverconstrainedError":
    case "ConstraintNotSatisfiedError":
      return "sem-camera";
    case "NotReadableError":
    case "TrackStartError":
    case "AbortError":
      return "camera-ocupada";
    default:
      return "falha-desconhecida";
  }
}

const stopStream = (stream: MediaStream) => stream.getTracks().forEach((track) => track.stop());

/** Reads the QR code in one picture (RGBA pixels): its text, or null when none can be read. */
export type DecodificadorQr = (imagem: Pick<ImageData, "data" | "width" | "height">) => string | null;

/**
 * The decoder, loaded on demand. jsQR, not ZXing's JavaScript port: that one misses about one
 * clean, sharp QR code in fifteen of ours (zxing-js/library#653); see decision 0282.
 */
export async function carregarDecodificador(): Promise<DecodificadorQr> {
  const { default: jsQR } = await import("jsqr");
  return ({ data, width, height }) => {
    // Our QR codes are printed and shown dark on light: skip the inverted pass, half the work.
    const lido = jsQR(data, width, height, { inversionAttempts: "dontInvert" });
    return lido && lido.data !== "" ? lido.data : null;
  };
}

/** Time between two looks at the camera's picture: fast enough to feel instant, light on a tablet. */
const INTERVALO_MS = 150;
/** The longest side of the picture handed to the decoder. */
const LADO_MAXIMO = 960;

/**
 * Opens the camera (the back one when there are two) into `video` and decodes QR codes until one
 * is read: `onPayload` gets its text once. Resolves to the function that stops the camera; rejects
 * with a `CameraError`.
 *
 * The loop is ours, not the library's `decodeFromStream`: that one sizes its canvas once, when it
 * starts (a tablet turned sideways, or a picture whose size was not known yet, was then never read),
 * and could wait forever on a 'canplay' that had already fired. Here every look takes the picture's
 * size of the moment, and a video that is not playing is asked to play again.
 */
export async function lerQrCode(video: HTMLVideoElement, onPayload: (payload: string) => void): Promise<() => void> {
  const ambiente = ambienteDaCamera();
  const antes = falhaAntesDeAbrir(ambiente);
  if (antes) throw new CameraError(antes);
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
  } catch (error) {
    throw new CameraError(falhaDaCamera(error, ambiente));
  }
  let decodificar: DecodificadorQr;
  let canvas: HTMLCanvasElement;
  let contexto: CanvasRenderingContext2D | null;
  try {
    decodificar = await carregarDecodificador();
    canvas = document.createElement("canvas");
    contexto = canvas.getContext("2d", { willReadFrequently: true });
    if (!contexto) throw new Error("no 2d canvas");
  } catch {
    stopStream(stream);
    throw new CameraError("leitor-indisponivel");
  }
  const desenho = contexto;

  let parado = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const parar = () => {
    parado = true;
    clearTimeout(timer);
    stopStream(stream);
    video.srcObject = null;
  };
  const tocar = () => void video.play().catch(() => undefined);

  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  tocar();

  const olhar = () => {
    if (parado) return;
    if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && video.videoWidth > 0 && video.videoHeight > 0) {
      // A full-HD camera is read at most 960 px wide: a QR held up to it stays readable, and a
      // tablet decodes each look well within the interval.
      const escala = Math.min(1, LADO_MAXIMO / Math.max(video.videoWidth, video.videoHeight));
      const [largura, altura] = [Math.round(video.videoWidth * escala), Math.round(video.videoHeight * escala)];
      if (canvas.width !== largura || canvas.height !== altura) {
        canvas.width = largura;
        canvas.height = altura;
      }
      let texto: string | null = null;
      try {
        desenho.drawImage(video, 0, 0, largura, altura);
        texto = decodificar(desenho.getImageData(0, 0, largura, altura));
      } catch {
        // A picture the browser could not hand over: the next look tries again (the loop never dies).
      }
      if (texto !== null) {
        parar();
        onPayload(texto);
        return;
      }
    } else if (video.paused) {
      tocar();
    }
    timer = setTimeout(olhar, INTERVALO_MS);
  };
  olhar();
  return parar;
}
