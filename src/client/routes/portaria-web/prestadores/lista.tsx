import { useInfiniteQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { deniedText } from "@shared/permissions";
import { SITUACAO_PRESTADOR_LABEL, SITUACOES_PRESTADOR } from "@shared/prestador-situacao";
import type { Prestador } from "@shared/schemas/prestadores";
import { AcessoNegado } from "~/components/portaria/acesso-negado";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Button } from "~/components/ui/button";
import { FilterSelect, ListToolbar, SearchField } from "~/components/ui/list-toolbar";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { useCondominiosAtivos } from "~/features/condominios/api";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { prestadoresInfiniteQueryOptions, type SituacaoFilter, type StatusFilter } from "~/features/prestadores/api";
import { PrestadoresTable } from "~/features/prestadores/prestadores-table";
import { ApiError } from "~/lib/api";
import { useAuth } from "~/lib/auth";
import { usePagedRows } from "~/lib/paged-list";
import { useActionGuard } from "~/lib/use-action-guard";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import type { Route } from "./+types/lista";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Prestadores de Serviço");
}

export default function PrestadoresPage() {
  return (
    <RequirePermission anyOf="visualizar_prestadores_servico" deniedAs="verPrestadoresPagina">
      <Prestadores />
    </RequirePermission>
  );
}

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: "todos", label: "Todos" },
  { value: "ativo", label: "Ativo" },
  { value: "inativo", label: "Inativo" },
];

// The authorisation's situation today (issue 14).
const SITUACAO_OPTIONS: { value: SituacaoFilter; label: string }[] = [
  { value: "todas", label: "Todas" },
  ...SITUACOES_PRESTADOR.map((value) => ({ value, label: SITUACAO_PRESTADOR_LABEL[value] })),
];

function Prestadores() {
  const { can } = useAuth();
  const guard = useActionGuard();
  const [text, setText] = useState("");
  const [selectedCondominio, setCondominio] = useState("todos");
  const [status, setStatus] = useState<StatusFilter>("todos");
  const [situacao, setSituacao] = useState<SituacaoFilter>("todas");
  const q = useDebouncedValue(text.trim(), 300);

  // The filter offers 'Todos', 'Geral (Sem Vínculo)' and the active condominiums.
  const condominios = useCondominiosAtivos();
  // A condominium that left the list (deactivated meanwhile) falls back to 'Todos'.
  const condominio =
    selectedCondominio !== "todos" && selectedCondominio !== "geral" && condominios.data && !condominios.data.some((c) => c.id === selectedCondominio)
      ? "todos"
      : selectedCondominio;

  const query = useInfiniteQuery({
    ...prestadoresInfiniteQueryOptions({ q, condominio_id: condominio, status, situacao }),
    placeholderData: (previous) => previous,
  });
  const forbidden = query.error instanceof ApiError && query.error.status === 403;
  useQueryErrorToast(forbidden ? null : query.error, ERROR_TITLE.buscarPrestadores);
  const { rows, total } = usePagedRows<Prestador>(query.data);

  // The permission was taken away after the profile loaded: the server refuses, the page says so.
  if (forbidden) return <AcessoNegado message={deniedText("verPrestadoresPagina")} />;

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">Prestadores de Serviço</h1>
          <p className="text-sm text-slate-600">Empresas e profissionais autorizados a prestar serviços nos condomínios.</p>
        </div>
        {can("criar_prestadores_servico") && (
          <Button asChild>
            <Link
              to={PATHS.prestadorNovo}
              onClick={(event) => {
                if (!guard("criar_prestadores_servico")) event.preventDefault();
              }}
            >
              <Plus aria-hidden /> Novo Prestador
            </Link>
          </Button>
        )}
      </div>

      <ListToolbar label="Filtrar prestadores">
        <SearchField id="busca-prestadores" value={text} onChange={setText} placeholder="Buscar por nome, CNPJ/CPF ou tipo de serviço..." />
        <FilterSelect
          id="filtro-condominio"
          label="Condomínio"
          value={condominio}
          onChange={setCondominio}
          options={[
            { value: "todos", label: "Todos" },
            { value: "geral", label: "Geral (Sem Vínculo)" },
            ...(condominios.data ?? []).map((c) => ({ value: c.id, label: c.nome })),
          ]}
          className="grid w-full gap-2 sm:w-64"
        />
        <FilterSelect id="filtro-status" label="Status" value={status} onChange={setStatus} options={STATUS_OPTIONS} className="grid w-full gap-2 sm:w-40" />
        <FilterSelect
          id="filtro-situacao"
          label="Situação"
          value={situacao}
          onChange={setSituacao}
          options={SITUACAO_OPTIONS}
          className="grid w-full gap-2 sm:w-40"
        />
      </ListToolbar>

      <PagedList query={query} rows={rows} total={total} noun="prestadores">
        <PrestadoresTable rows={rows} total={total} />
      </PagedList>
    </div>
  );
}
