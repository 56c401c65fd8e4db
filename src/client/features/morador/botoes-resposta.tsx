import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Label, Textarea } from "~/components/ui/input";

export type Resposta = "liberar" | "recusar";

/**
 * The resident's answer (gate-operation-spec §3.3), in the app and on the answer link's page:
 * 'Liberar' at once; 'Recusar' first offers an optional message for the gate.
 */
export function BotoesDeResposta({ pendente, enviar }: { pendente: boolean; enviar: (resposta: Resposta, mensagem: string | null) => void }) {
  const mensagemId = useId();
  const [recusando, setRecusando] = useState(false);
  const [mensagem, setMensagem] = useState("");
  if (recusando)
    return (
      <div className="grid gap-2">
        <Label htmlFor={mensagemId}>Mensagem para a portaria (opcional)</Label>
        <Textarea id={mensagemId} rows={2} maxLength={200} value={mensagem} onChange={(e) => setMensagem(e.target.value)} />
        <div className="flex gap-2">
          <Button type="button" variant="destructive" className="flex-1" disabled={pendente} onClick={() => enviar("recusar", mensagem.trim() || null)}>
            Recusar
          </Button>
          <Button type="button" variant="outline" className="flex-1" disabled={pendente} onClick={() => setRecusando(false)}>
            Voltar
          </Button>
        </div>
      </div>
    );
  return (
    <div className="flex gap-2">
      <Button type="button" className="flex-1" disabled={pendente} onClick={() => enviar("liberar", null)}>
        Liberar
      </Button>
      <Button type="button" variant="outline" className="flex-1" disabled={pendente} onClick={() => setRecusando(true)}>
        Recusar
      </Button>
    </div>
  );
}
