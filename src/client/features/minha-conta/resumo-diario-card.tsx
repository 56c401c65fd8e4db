import { useQuery } from "@tanstack/react-query";
import { Mail } from "lucide-react";
import { useId } from "react";
import { RESUMO_DIARIO_TEXTOS } from "@shared/schemas/livro";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Label } from "~/components/ui/input";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { Switch } from "~/components/ui/switch";
import { useAuth } from "~/lib/auth";
import { saveCallbacks } from "~/lib/save-callbacks";
import { resumoDiarioQueryOptions, useSalvarResumoDiario } from "./api";

/**
 * Minha conta: the síndico's daily summary of the shift book by e-mail (gate-operation-spec §5;
 * decision 0280), saved as soon as it is switched. Only for who may read the book as síndico.
 */
export function ResumoDiarioCard() {
  const { can } = useAuth();
  if (!can("visualizar_ocorrencias")) return null;
  return <ResumoDiario />;
}

function ResumoDiario() {
  const uid = useId();
  const query = useQuery(resumoDiarioQueryOptions());
  useQueryErrorToast(query.error, RESUMO_DIARIO_TEXTOS.erroBuscar);
  const salvar = useSalvarResumoDiario();
  // While saving, the switch shows the choice being saved.
  const ativo = salvar.isPending ? salvar.variables : (query.data?.ativo ?? false);

  function mudar(novo: boolean) {
    salvar.mutate(
      novo,
      saveCallbacks({
        success: ({ ativo: salvo }) => ({ title: salvo ? RESUMO_DIARIO_TEXTOS.ativado : RESUMO_DIARIO_TEXTOS.desativado }),
        error: RESUMO_DIARIO_TEXTOS.erroSalvar,
      }),
    );
  }

  return (
    <Card aria-labelledby={`${uid}-titulo`} role="region">
      <CardHeader>
        <h3 id={`${uid}-titulo`} className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <Mail className="h-5 w-5 text-brand-600" aria-hidden /> {RESUMO_DIARIO_TEXTOS.titulo}
        </h3>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Loading label="Carregando..." />
        ) : query.isError ? (
          <ListError error={query.error} />
        ) : (
          <div className="flex items-start gap-3">
            <Switch
              id={`${uid}-ativo`}
              checked={ativo}
              onCheckedChange={mudar}
              disabled={salvar.isPending}
              aria-describedby={`${uid}-dica`}
              className="mt-0.5"
            />
            <div className="grid gap-1">
              <Label htmlFor={`${uid}-ativo`}>{RESUMO_DIARIO_TEXTOS.rotulo}</Label>
              <p id={`${uid}-dica`} className="text-sm text-slate-600">
                {RESUMO_DIARIO_TEXTOS.dica}
              </p>
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
