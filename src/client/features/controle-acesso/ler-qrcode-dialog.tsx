import { CameraOff, Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { CAMERA_MENSAGENS, CameraError, lerQrCode } from "./qr-camera";

type Estado = { tipo: "abrindo" } | { tipo: "lendo" } | { tipo: "erro"; mensagem: string };

/**
 * 'Ler QR Code' (§3): the camera's picture while it looks for a QR code; the payload read goes to
 * `onLido` (the same server check as the search box) and the dialog closes. No camera, the
 * permission refused, the camera busy, an insecure address...: the reason and what fixes it on
 * screen (qr-camera.ts), the focus on 'Fechar'.
 */
export function LerQrCodeDialog({
  open,
  onClose,
  onLido,
  onCloseAutoFocus,
}: {
  open: boolean;
  onClose: () => void;
  onLido: (payload: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <div className="grid gap-1.5 pr-6">
          <DialogTitle>Ler QR Code</DialogTitle>
          <DialogDescription>Aponte a câmera para o QR Code do convite do visitante.</DialogDescription>
        </div>
        {open && <Camera onLido={onLido} />}
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button type="button" variant="outline" data-fechar-camera>
              Fechar
            </Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Camera({ onLido }: { onLido: (payload: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [estado, setEstado] = useState<Estado>({ tipo: "abrindo" });
  const onLidoRef = useRef(onLido);
  onLidoRef.current = onLido;

  useEffect(() => {
    let ativo = true;
    let parar: (() => void) | undefined;
    const video = videoRef.current;
    if (!video) return;
    lerQrCode(video, (payload) => {
      if (ativo) onLidoRef.current(payload);
    }).then(
      (stop) => {
        if (!ativo) return stop();
        parar = stop;
        setEstado({ tipo: "lendo" });
      },
      (error: unknown) => {
        if (!ativo) return;
        setEstado({
          tipo: "erro",
          mensagem: error instanceof CameraError ? error.message : CAMERA_MENSAGENS["falha-desconhecida"],
        });
        // The reason is read out by the alert; 'Fechar' takes the focus (Enter or Esc closes).
        requestAnimationFrame(() => document.querySelector<HTMLButtonElement>("[data-fechar-camera]")?.focus());
      },
    );
    return () => {
      ativo = false;
      parar?.();
    };
  }, []);

  return (
    <div className="grid gap-3">
      {estado.tipo === "erro" ? (
        <div role="alert" className="flex items-start gap-3 rounded-lg border-2 border-red-700 bg-red-50 p-4 text-sm text-red-950">
          <CameraOff className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
          <p>{estado.mensagem}</p>
        </div>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          {estado.tipo === "abrindo" && <Loader2 className="h-4 w-4 animate-spin" aria-hidden />}
          {estado.tipo === "abrindo" ? "Abrindo a câmera..." : "Procurando um QR Code..."}
        </p>
      )}
      <video
        ref={videoRef}
        muted
        playsInline
        aria-label="Imagem da câmera"
        className={estado.tipo === "erro" ? "hidden" : "aspect-video w-full rounded-md bg-slate-900 object-cover"}
      />
    </div>
  );
}
