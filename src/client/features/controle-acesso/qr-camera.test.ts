import { describe, expect, it } from "vitest";
import { QR_PREFIXO } from "@shared/schemas/visitantes";
import { qrQuadro } from "~/testing/qr-quadro";
import { CAMERA_MENSAGENS, CameraError, carregarDecodificador, falhaAntesDeAbrir, falhaDaCamera, lerQrCode, type AmbienteCamera } from "./qr-camera";

describe("the camera's failures, as the porteiro reads them", () => {
  const domError = (name: string, message = "x") => Object.assign(new Error(message), { name });
  const ok: AmbienteCamera = { seguro: true, temApi: true, politicaPermite: true };

  it("tells no camera from a refused permission from a busy camera from an unknown failure", () => {
    for (const name of ["NotFoundError", "DevicesNotFoundError", "OverconstrainedError", "ConstraintNotSatisfiedError"]) {
      expect(falhaDaCamera(domError(name), ok), name).toBe("sem-camera");
    }
    for (const name of ["NotAllowedError", "PermissionDeniedError", "SecurityError"]) {
      expect(falhaDaCamera(domError(name, "Permission denied"), ok), name).toBe("permissao-negada");
    }
    for (const name of ["NotReadableError", "TrackStartError", "AbortError"]) expect(falhaDaCamera(domError(name), ok), name).toBe("camera-ocupada");
    for (const error of [domError("TypeError"), "?", null]) expect(falhaDaCamera(error, ok)).toBe("falha-desconhecida");
  });

  it("a refusal is the page's policy when the document says the camera is not allowed to it, not the browser settings", () => {
    expect(falhaDaCamera(domError("NotAllowedError", "Permission denied"), { politicaPermite: false })).toBe("bloqueada-pela-pagina");
    expect(falhaDaCamera(domError("SecurityError"), { politicaPermite: false })).toBe("bloqueada-pela-pagina");
    // A browser that does not say (Firefox, Safari): the person's answer.
    expect(falhaDaCamera(domError("NotAllowedError", "Permission denied"), { politicaPermite: undefined })).toBe("permissao-negada");
    expect(falhaDaCamera(domError("NotAllowedError", "Permission denied"))).toBe("permissao-negada");
  });

  it("a refusal by the operating system (Chromium: 'Permission denied by system') sends the porteiro to the system settings", () => {
    expect(falhaDaCamera(domError("NotAllowedError", "Permission denied by system"), ok)).toBe("permissao-do-sistema");
    expect(CAMERA_MENSAGENS["permissao-do-sistema"]).toContain("configurações do sistema");
  });

  it("before asking: an insecure address, a browser without the camera API, a page whose policy forbids it", () => {
    expect(falhaAntesDeAbrir(ok)).toBeNull();
    expect(falhaAntesDeAbrir({ ...ok, politicaPermite: undefined })).toBeNull();
    // Browsers hide the camera API from insecure pages: the address is what to change.
    expect(falhaAntesDeAbrir({ seguro: false, temApi: false, politicaPermite: true })).toBe("endereco-inseguro");
    expect(falhaAntesDeAbrir({ ...ok, temApi: false })).toBe("navegador-sem-camera");
    expect(falhaAntesDeAbrir({ ...ok, politicaPermite: false })).toBe("bloqueada-pela-pagina");
  });

  it("each cause has its own advice, and only a refused permission points at the browser's settings", () => {
    const mensagens = Object.values(CAMERA_MENSAGENS);
    expect(new Set(mensagens).size).toBe(mensagens.length);
    const culpamONavegador = Object.entries(CAMERA_MENSAGENS).filter(([, m]) => m.includes("configurações do navegador"));
    expect(culpamONavegador.map(([falha]) => falha)).toEqual(["permissao-negada"]);
    expect(CAMERA_MENSAGENS["endereco-inseguro"]).toContain("https://");
    expect(CAMERA_MENSAGENS["camera-ocupada"]).toContain("outro aplicativo");
  });

  it("without the camera API on a secure page (an old browser), says the browser offers none", async () => {
    const error = await lerQrCode({} as HTMLVideoElement, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CameraError);
    expect((error as CameraError).message).toBe(CAMERA_MENSAGENS["navegador-sem-camera"]);
  });
});

describe("the decoder the camera's pictures go through", () => {
  /** A picture as the canvas hands it over (RGBA) of a camera held still before the QR of `payload`. */
  const foto = (payload: string) => {
    const { y, width, height } = qrQuadro(payload);
    const data = new Uint8ClampedArray(width * height * 4);
    for (let i = 0; i < width * height; i++) data.set([y[i]!, y[i]!, y[i]!, 255], i * 4);
    return { data, width, height };
  };
  /** The shape of a signed invitation's payload: 'GV1.' + 24 bytes + '.' + a 32-byte signature. */
  const base64url = (bytes: number) =>
    btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(bytes))))
      .replace(/\+/g, "-")
      .replace(/\//g, "_")
      .replace(/=+$/, "");
  const convite = () => `${QR_PREFIXO}${base64url(24)}.${base64url(32)}`;

  it("reads every invitation's QR code from a sharp, still picture (ZXing's port missed about one in fifteen)", async () => {
    const decodificar = await carregarDecodificador();
    const falhas = Array.from({ length: 150 }, convite).filter((payload) => decodificar(foto(payload)) !== payload);
    expect(falhas).toEqual([]);
  });

  it("a picture without a QR code reads as nothing", async () => {
    const decodificar = await carregarDecodificador();
    const { width, height } = foto(convite());
    expect(decodificar({ data: new Uint8ClampedArray(width * height * 4).fill(235), width, height })).toBeNull();
  });
});
