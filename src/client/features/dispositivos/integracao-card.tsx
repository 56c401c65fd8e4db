import { Copy, RefreshCw } from "lucide-react";
import { useId, useState } from "react";
import { DISPOSITIVOS_TEXTOS, type Dispositivo } from "@shared/schemas/dispositivos";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input, Label } from "~/components/ui/input";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useGerarNovoEndereco } from "./api";

/**
 * 'Endereço de integração' (gate-operation-spec §2.1): what the technician types into the device
 * so it can call the portal. 'Gerar novo endereço' retires the old one at once (a leaked address
 * stops working), after a confirmation.
 */
export function IntegracaoCard({ dispositivo }: { dispositivo: Pick<Dispositivo, "id" | "url_integracao" | "conexao"> }) {
  const id = useId();
  const [confirmar, setConfirmar] = useState(false);
  const [copiado, setCopiado] = useState(false);
  const gerar = useGerarNovoEndereco();

  async function copiar() {
    try {
      await navigator.clipboard.writeText(dispositivo.url_integracao);
      setCopiado(true);
    } catch {
      // No clipboard (a page not served over HTTPS): the address is selected for Ctrl+C.
      (document.getElementById(id) as HTMLInputElement | null)?.select();
    }
  }

  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <h2 className="text-base font-semibold text-slate-900">Endereço de integração</h2>
        <div className="grid gap-2">
          <Label htmlFor={id}>Endereço que o técnico configura no dispositivo</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id={id} readOnly value={dispositivo.url_integracao} className="font-mono text-sm" onFocus={(e) => e.currentTarget.select()} />
            <Button type="button" variant="outline" onClick={copiar}>
              <Copy aria-hidden /> {copiado ? "Copiado" : "Copiar"}
            </Button>
          </div>
          <p className="text-sm text-slate-600">
            {dispositivo.conexao === "saida"
              ? "Este dispositivo chama o portal por este endereço: configure-o nele."
              : "O dispositivo envia eventos e consultas por este endereço (modos monitor e online)."}{" "}
            Quem tem o endereço fala pelo dispositivo: não o compartilhe.
          </p>
        </div>
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => setConfirmar(true)} disabled={gerar.isPending}>
          <RefreshCw aria-hidden /> Gerar novo endereço
        </Button>
        <ConfirmDialog
          open={confirmar}
          onCancel={() => setConfirmar(false)}
          onConfirm={() =>
            gerar.mutate(
              dispositivo.id,
              saveCallbacks({
                success: DISPOSITIVOS_TEXTOS.novoEndereco,
                error: DISPOSITIVOS_TEXTOS.gerarEndereco,
                done: () => {
                  setCopiado(false);
                  setConfirmar(false);
                },
                failed: () => setConfirmar(false),
              }),
            )
          }
          pending={gerar.isPending}
          title="Gerar novo endereço"
          description="O endereço atual deixa de funcionar agora: o dispositivo só volta a falar com o portal depois de configurado com o novo."
          confirmLabel="Gerar novo endereço"
          pendingLabel="Gerando..."
          variant="default"
        />
      </CardContent>
    </Card>
  );
}
