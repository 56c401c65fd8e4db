import { useInfiniteQuery } from "@tanstack/react-query";
import { PackageCheck, Plus } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import type { Encomenda } from "@shared/schemas/encomendas";
import { RequirePermission } from "~/components/portaria/require-permission";
import { TODOS } from "~/components/portaria/condominio-filter";
import { Button } from "~/components/ui/button";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { useCondominioFilter } from "~/features/condominios/api";
import { encomendasInfiniteQueryOptions } from "~/features/encomendas/api";
import { DetalheDialog } from "~/features/encomendas/detalhe-dialog";
import { DevolverDialog } from "~/features/encomendas/devolver-dialog";
import { EncomendasTable } from "~/features/encomendas/encomendas-table";
import { EncomendasToolbar, useEncomendaFilters } from "~/features/encomendas/encomendas-filters";
import { EntregarDialog } from "~/features/encomendas/entregar-dialog";
import { useEtiqueta } from "~/features/encomendas/etiqueta";
import { ReceberDialog } from "~/features/encomendas/receber-dialog";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { useAuth } from "~/lib/auth";
import { usePagedRows } from "~/lib/paged-list";
import { ERROR_TITLE } from "@shared/messages";
import type { Route } from "./+types/encomendas";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Encomendas");
}

export default function EncomendasPage() {
  return (
    <RequirePermission anyOf={["gerenciar_encomendas", "visualizar_encomendas"]} deniedAs="visualizar_encomendas">
      <Encomendas />
    </RequirePermission>
  );
}

/**
 * Gate-operation-spec §4: the parcels at the gate. The operator receives (one or a stack), hands
 * out by code, QR or document, sends back; the síndico (visualizar_encomendas) reads the list and
 * each parcel's custody, without the actions.
 */
function Encomendas() {
  const { can } = useAuth();
  const gerenciar = can("gerenciar_encomendas");
  const condominio = useCondominioFilter();
  const filters = useEncomendaFilters(condominio);
  // The painel's card links here with its condominium chosen.
  const [searchParams] = useSearchParams();
  const condominioDoLink = searchParams.get("condominio");
  const { setValue: escolherCondominio } = condominio;
  useEffect(() => {
    if (condominioDoLink) escolherCondominio(condominioDoLink);
  }, [condominioDoLink, escolherCondominio]);

  const query = useInfiniteQuery({ ...encomendasInfiniteQueryOptions(filters.params), placeholderData: (previous) => previous });
  useQueryErrorToast(query.error, ERROR_TITLE.buscarEncomendas);
  const { rows, total } = usePagedRows<Encomenda>(query.data);

  const [recebendo, setRecebendo] = useState(false);
  const [entregando, setEntregando] = useState<{ unidade?: { id: string; condominioId: string } } | null>(null);
  const [devolvendo, setDevolvendo] = useState<Encomenda | null>(null);
  const [detalhe, setDetalhe] = useState<string | null>(null);
  const { imprimir, etiqueta } = useEtiqueta();
  const condominioEscolhido = condominio.value === TODOS ? undefined : condominio.value;

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">Encomendas</h1>
          <p className="text-sm text-slate-600">
            Encomendas recebidas na portaria: a unidade recebe o código de retirada, e a entrega fica registrada com quem retirou.
          </p>
        </div>
        {gerenciar && (
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEntregando({})}>
              <PackageCheck aria-hidden /> Entregar encomenda
            </Button>
            <Button onClick={() => setRecebendo(true)}>
              <Plus aria-hidden /> Receber encomenda
            </Button>
          </div>
        )}
      </div>

      <EncomendasToolbar filters={filters} />

      <PagedList query={query} rows={rows} total={total} noun="encomendas">
        <EncomendasTable
          rows={rows}
          total={total}
          situacao={filters.situacao}
          onClearFilters={filters.clearFilters}
          acoes={{
            onDetalhe: (e) => setDetalhe(e.id),
            ...(gerenciar
              ? {
                  onEntregar: (e: Encomenda) => setEntregando({ unidade: { id: e.unidade.id, condominioId: e.condominio.id } }),
                  onDevolver: setDevolvendo,
                  onEtiqueta: imprimir,
                }
              : {}),
          }}
        />
      </PagedList>

      {gerenciar && (
        <>
          <ReceberDialog
            open={recebendo}
            onClose={() => setRecebendo(false)}
            condominios={condominio.options}
            condominioInicial={condominioEscolhido}
            onImprimir={imprimir}
          />
          <EntregarDialog
            open={entregando !== null}
            onClose={() => setEntregando(null)}
            condominios={condominio.options}
            condominioInicial={condominioEscolhido}
            unidadeInicial={entregando?.unidade}
          />
          <DevolverDialog encomenda={devolvendo} onClose={() => setDevolvendo(null)} />
        </>
      )}
      <DetalheDialog encomendaId={detalhe} onClose={() => setDetalhe(null)} />
      {etiqueta}
    </div>
  );
}
