import { useInfiniteQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";
import type { UnidadeListItem } from "@shared/schemas/unidades";
import { Button } from "~/components/ui/button";
import { ListToolbar, SearchField } from "~/components/ui/list-toolbar";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { RequirePermission } from "~/components/portaria/require-permission";
import { unidadesInfiniteQueryOptions } from "~/features/unidades/api";
import { CondominioFilter, TODOS } from "~/components/portaria/condominio-filter";
import { useCondominioFilter } from "~/features/condominios/api";
import { UnidadesTable } from "~/features/unidades/unidades-table";
import { useAuth } from "~/lib/auth";
import { usePagedRows } from "~/lib/paged-list";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import type { Route } from "./+types/lista";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Unidades");
}

export default function UnidadesPage() {
  return (
    <RequirePermission anyOf="visualizar_unidades" deniedAs="visualizar_unidades">
      <Unidades />
    </RequirePermission>
  );
}

function Unidades() {
  const { can } = useAuth();
  const uid = useId();
  const [text, setText] = useState("");
  const condominio = useCondominioFilter();
  const q = useDebouncedValue(text.trim(), 300);

  const query = useInfiniteQuery({
    ...unidadesInfiniteQueryOptions({ q, condominio_id: condominio.value }),
    placeholderData: (previous) => previous,
  });
  useQueryErrorToast(query.error, ERROR_TITLE.buscarUnidades);
  const { rows, total } = usePagedRows<UnidadeListItem>(query.data);

  const filtered = text.trim() !== "" || condominio.value !== TODOS;
  function clearFilters() {
    setText("");
    condominio.setValue(TODOS);
  }

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">Gerenciar Unidades</h1>
          <p className="text-sm text-slate-600">Unidades dos condomínios, seus moradores e status.</p>
        </div>
        {can("criar_unidades") && (
          <Button asChild>
            <Link to={PATHS.unidadeNova}>
              <Plus aria-hidden /> Cadastrar Nova Unidade
            </Link>
          </Button>
        )}
      </div>

      <ListToolbar label="Filtrar unidades">
        <SearchField id={`${uid}-busca`} value={text} onChange={setText} placeholder="Buscar por bloco, número ou tipo..." />
        <CondominioFilter id={`${uid}-condominio`} value={condominio.value} onChange={condominio.setValue} options={condominio.options} />
      </ListToolbar>

      <PagedList query={query} rows={rows} total={total} noun="unidades">
        <UnidadesTable rows={rows} total={total} onClearFilters={filtered ? clearFilters : undefined} />
      </PagedList>
    </div>
  );
}
