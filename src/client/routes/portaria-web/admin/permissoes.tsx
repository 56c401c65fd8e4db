import { useQuery } from "@tanstack/react-query";
import { Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { formatInteiro } from "@shared/br/numero";
import type { Permissao } from "@shared/schemas/permissoes";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { useActionGuard } from "~/lib/use-action-guard";
import { permissoesQueryOptions } from "~/features/permissoes/api";
import { PermissaoDialog } from "~/features/permissoes/permissao-dialog";
import { PermissoesTable } from "~/features/permissoes/permissoes-table";
import type { Route } from "./+types/permissoes";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Permissões | Portaria Web" }];
}

export default function PermissoesPage() {
  return (
    <RequirePermission anyOf="gerenciar_grupos_permissoes">
      <Permissoes />
    </RequirePermission>
  );
}

function Permissoes() {
  const query = useQuery(permissoesQueryOptions());
  useQueryErrorToast(query.error, ERROR_TITLE.buscarPermissoes);
  const guard = useActionGuard();
  const [dialog, setDialog] = useState<{ open: boolean; permissao: Permissao | null }>({ open: false, permissao: null });
  const rows = query.data?.rows;
  const categorias = useMemo(() => [...new Set((rows ?? []).map((p) => p.categoria))].sort((a, b) => a.localeCompare(b, "pt-BR")), [rows]);

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">Permissões</h1>
          <p className="text-sm text-slate-600">Catálogo de permissões que podem ser atribuídas aos grupos.</p>
        </div>
        <Button onClick={() => guard("gerenciar_grupos_permissoes", "criarPermissao") && setDialog({ open: true, permissao: null })}>
          <Plus aria-hidden /> Nova Permissão
        </Button>
      </div>

      <Card className="overflow-hidden">
        {query.isPending ? (
          <Loading label="Carregando permissões..." />
        ) : query.isError ? (
          <ListError error={query.error} />
        ) : (
          <PermissoesTable
            rows={query.data.rows}
            onEdit={(permissao) => guard("gerenciar_grupos_permissoes", "editarPermissao") && setDialog({ open: true, permissao })}
          />
        )}
      </Card>
      {query.data && (
        <p className="text-sm text-slate-600" aria-live="polite">
          {query.data.total === 1 ? "1 permissão" : `${formatInteiro(query.data.total)} permissões`}
        </p>
      )}

      <PermissaoDialog open={dialog.open} permissao={dialog.permissao} categorias={categorias} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} />
    </div>
  );
}
