import { describe, expect, it } from "vitest";
import { CAMERA_MENSAGENS, CameraError, falhaDaCamera, lerQrCode } from "./qr-camera";

describe("the camera's failures, as the porteiro reads them", () => {
  const domError = (name: string) => Object.assign(new Error("x"), { name });

  it("tells no camera from a refused permission from a busy camera", () => {
    for (const name of ["NotFoundError", "DevicesNotFoundError", "OverconstrainedError", "ConstraintNotSatisfiedError"]) {
      expect(falhaDaCamera(domError(name)), name).toBe("sem-camera");
    }
    for (const name of ["NotAllowedError", "PermissionDeniedError", "SecurityError"]) expect(falhaDaCamera(domError(name)), name).toBe("permissao-negada");
    for (const error of [domError("NotReadableError"), domError("AbortError"), "?", null]) expect(falhaDaCamera(error)).toBe("camera-ocupada");
  });

  it("without the camera API (an old browser, or a page not served over HTTPS) there is no camera", async () => {
    const error = await lerQrCode({} as HTMLVideoElement, () => undefined).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CameraError);
    expect((error as CameraError).message).toBe(CAMERA_MENSAGENS["sem-camera"]);
  });
});
