import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ALARMES_TEXTOS } from "@shared/schemas/alarmes";
import { RequirePermission } from "~/components/portaria/require-permission";
import { FilterSelect, ListToolbar } from "~/components/ui/list-toolbar";
import { Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { alarmesQuery } from "~/features/alarmes/api";
import { AlarmesTable } from "~/features/alarmes/alarmes-table";
import { portariaMeta } from "~/features/portaria-shell/meta";
import { condominiosAtivosQuery } from "~/lib/pick-lists";
import type { Route } from "./+types/alarmes";

export function meta(): Route.MetaDescriptors {
  return portariaMeta("Alarmes");
}

export default function AlarmesPage() {
  return (
    <RequirePermission anyOf={["acionar_dispositivos", "gerenciar_dispositivos"]} deniedAs="acionar_dispositivos">
      <Alarmes />
    </RequirePermission>
  );
}

function Alarmes() {
  const [condominio, setCondominio] = useState("todos");
  const [situacao, setSituacao] = useState<"abertos" | "todos">("abertos");
  const condominios = useQuery(condominiosAtivosQuery());
  const query = useQuery({ ...alarmesQuery({ condominio_id: condominio, situacao }), placeholderData: (previous) => previous });
  useQueryErrorToast(query.error, ALARMES_TEXTOS.carregar);

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-bold text-slate-900">Alarmes</h1>
        <p className="text-sm text-slate-600">O que os dispositivos das portarias relataram e precisa de um operador. 'Ciente' registra quem viu e quando.</p>
      </div>
      <ListToolbar label="Filtrar alarmes">
        <FilterSelect
          id="filtro-condominio"
          label="Condomínio"
          value={condominio}
          onChange={setCondominio}
          options={[{ value: "todos", label: "Todos" }, ...(condominios.data ?? []).map((c) => ({ value: c.id, label: c.nome }))]}
          className="grid w-full gap-2 sm:w-64"
        />
        <FilterSelect
          id="filtro-situacao"
          label="Situação"
          value={situacao}
          onChange={(v) => setSituacao(v === "todos" ? "todos" : "abertos")}
          options={[
            { value: "abertos", label: "Sem ciente" },
            { value: "todos", label: "Todos" },
          ]}
          className="grid w-full gap-2 sm:w-48"
        />
      </ListToolbar>
      {query.isPending ? <Loading label="Carregando alarmes..." /> : <AlarmesTable rows={query.data?.alarmes ?? []} />}
    </div>
  );
}
