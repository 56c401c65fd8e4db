import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { Download, Printer } from "lucide-react";
import { useState } from "react";
import { ERROR_TITLE } from "@shared/messages";
import { LIVRO_TEXTOS, type Ocorrencia } from "@shared/schemas/livro";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Button } from "~/components/ui/button";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { useCondominioFilter } from "~/features/condominios/api";
import { baixarOcorrenciasCsv, ocorrenciasInfiniteQueryOptions, turnoAtualQuery } from "~/features/livro/api";
import { DetalheDialog } from "~/features/livro/detalhe-dialog";
import { OcorrenciasToolbar, useOcorrenciaFilters } from "~/features/livro/ocorrencias-filters";
import { OcorrenciasTable } from "~/features/livro/ocorrencias-table";
import { RegistrarDialog } from "~/features/livro/registrar-dialog";
import { TurnoBar } from "~/features/livro/turno-bar";
import { salvarArquivo } from "~/features/registros/api";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { useAuth } from "~/lib/auth";
import { usePagedRows } from "~/lib/paged-list";
import { toastApiError } from "~/lib/toast";
import type { Route } from "./+types/livro";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Livro da portaria");
}

export default function LivroPage() {
  return (
    <RequirePermission anyOf={["registrar_ocorrencias", "visualizar_ocorrencias"]} deniedAs="visualizar_ocorrencias">
      <Livro />
    </RequirePermission>
  );
}

/**
 * Gate-operation-spec §5: the shift book. The operator opens a shift at a post after reading its
 * handover, writes entries in it, complements and resolves open items, and closes it with notes
 * for the next one; the síndico (visualizar_ocorrencias) reads the entries marked for him.
 */
function Livro() {
  const { can } = useAuth();
  const operador = can("registrar_ocorrencias");
  const condominio = useCondominioFilter();
  const filters = useOcorrenciaFilters(condominio);

  const turno = useQuery({ ...turnoAtualQuery(), enabled: operador });
  const query = useInfiniteQuery({ ...ocorrenciasInfiniteQueryOptions(filters.params), placeholderData: (previous) => previous });
  useQueryErrorToast(query.error, LIVRO_TEXTOS.erroBuscar);
  const { rows, total } = usePagedRows<Ocorrencia>(query.data);

  const [registrando, setRegistrando] = useState(false);
  const [detalhe, setDetalhe] = useState<string | null>(null);
  const [exportando, setExportando] = useState(false);

  async function exportar() {
    setExportando(true);
    try {
      const { blob, nome } = await baixarOcorrenciasCsv(filters.params);
      salvarArquivo(blob, nome);
    } catch (error) {
      toastApiError(ERROR_TITLE.exportar, error);
    } finally {
      setExportando(false);
    }
  }

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">Livro da portaria</h1>
          <p className="text-sm text-slate-600">
            {operador
              ? "Ocorrências e recados dos turnos: o que fica em aberto passa ao próximo operador do posto até ser resolvido."
              : "Ocorrências da portaria marcadas como visíveis ao síndico."}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => window.print()}>
            <Printer aria-hidden /> Imprimir
          </Button>
          <Button variant="outline" onClick={() => void exportar()} disabled={exportando}>
            <Download aria-hidden /> {exportando ? "Exportando..." : "Exportar CSV"}
          </Button>
        </div>
      </div>

      {operador && (
        <TurnoBar turno={turno.data} loading={turno.isPending} error={turno.error} condominios={condominio.options} onRegistrar={() => setRegistrando(true)} />
      )}

      <OcorrenciasToolbar filters={filters} />

      <PagedList query={query} rows={rows} total={total} noun="ocorrências">
        <OcorrenciasTable rows={rows} total={total} onAbrir={(o) => setDetalhe(o.id)} onClearFilters={filters.clearFilters} />
      </PagedList>

      {operador && <RegistrarDialog turno={turno.data} open={registrando} onClose={() => setRegistrando(false)} condominios={condominio.options} />}
      <DetalheDialog ocorrenciaId={detalhe} podeEscrever={operador && Boolean(turno.data)} onClose={() => setDetalhe(null)} />
    </div>
  );
}
