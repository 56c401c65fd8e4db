import { ShieldCheck } from "lucide-react";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { useVerificarIntegridade } from "./api";

/**
 * 'Verificar integridade' (gatehouse-spec §5, §9) of the chosen condominium over the period on
 * screen: 'Registros íntegros: N verificados.' or the first record that does not match.
 */
export function VerificarIntegridade({ condominioId, de, ate }: { condominioId: string | null; de: string; ate: string }) {
  const verificar = useVerificarIntegridade();
  const result = verificar.data;
  const error = verificar.error;
  return (
    <div className="grid gap-2">
      <Button
        variant="outline"
        disabled={!condominioId || verificar.isPending}
        onClick={() => condominioId && verificar.mutate({ condominio_id: condominioId, de, ate })}
        aria-describedby={condominioId ? undefined : "verificar-integridade-dica"}
      >
        <ShieldCheck aria-hidden />
        {verificar.isPending ? "Verificando..." : "Verificar integridade"}
      </Button>
      {!condominioId && (
        <p id="verificar-integridade-dica" className="text-sm text-slate-600">
          Escolha um condomínio para verificar a integridade.
        </p>
      )}
      <div role="status" aria-live="polite">
        {result && !verificar.isPending && (
          <p
            className={cn("rounded-md px-3 py-2 text-sm font-medium", result.integra ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900")}
            data-testid="resultado-integridade"
          >
            {result.mensagem}
          </p>
        )}
        {error && !verificar.isPending && <p className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">{error.message}</p>}
      </div>
    </div>
  );
}
