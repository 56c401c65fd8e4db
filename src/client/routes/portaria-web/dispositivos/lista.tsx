import { useInfiniteQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { DISPOSITIVOS_TEXTOS, type Dispositivo } from "@shared/schemas/dispositivos";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Button } from "~/components/ui/button";
import { FilterSelect, ListToolbar, SearchField } from "~/components/ui/list-toolbar";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { DISPOSITIVOS_PATHS, dispositivosListQuery } from "~/features/dispositivos/api";
import { DispositivosTable } from "~/features/dispositivos/dispositivos-table";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { usePagedRows } from "~/lib/paged-list";
import { condominiosAtivosQuery } from "~/lib/pick-lists";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import { useQuery } from "@tanstack/react-query";
import type { Route } from "./+types/lista";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Dispositivos");
}

export default function DispositivosPage() {
  return (
    <RequirePermission anyOf="gerenciar_dispositivos" deniedAs="gerenciar_dispositivos">
      <Dispositivos />
    </RequirePermission>
  );
}

function Dispositivos() {
  const [text, setText] = useState("");
  const [condominio, setCondominio] = useState("todos");
  const q = useDebouncedValue(text.trim(), 300);
  const condominios = useQuery(condominiosAtivosQuery());
  const query = useInfiniteQuery({ ...dispositivosListQuery({ q, condominio_id: condominio }), placeholderData: (previous) => previous });
  useQueryErrorToast(query.error, DISPOSITIVOS_TEXTOS.buscar);
  const { rows, total } = usePagedRows<Dispositivo>(query.data);
  // 'Offline há N min' as of when the list was read.
  const agora = query.dataUpdatedAt || Date.now();

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">Dispositivos</h1>
          <p className="text-sm text-slate-600">Controladores, leitores faciais e catracas das portarias.</p>
        </div>
        <Button asChild>
          <Link to={DISPOSITIVOS_PATHS.novo}>
            <Plus aria-hidden /> Novo Dispositivo
          </Link>
        </Button>
      </div>
      <ListToolbar label="Filtrar dispositivos">
        <SearchField id="busca-dispositivos" value={text} onChange={setText} placeholder="Buscar por nome ou modelo..." />
        <FilterSelect
          id="filtro-condominio"
          label="Condomínio"
          value={condominio}
          onChange={setCondominio}
          options={[{ value: "todos", label: "Todos" }, ...(condominios.data ?? []).map((c) => ({ value: c.id, label: c.nome }))]}
          className="grid w-full gap-2 sm:w-64"
        />
      </ListToolbar>
      <PagedList query={query} rows={rows} total={total} noun="dispositivos">
        <DispositivosTable rows={rows} total={total} agora={agora} />
      </PagedList>
    </div>
  );
}
