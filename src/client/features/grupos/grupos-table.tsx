import { Pencil, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { formatInteiro } from "@shared/br/numero";
import { ADMIN_GROUP_NAME } from "@shared/permissions";
import type { GrupoListItem } from "@shared/schemas/grupos";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, useConfirmedAction } from "~/components/ui/confirm-dialog";
import { RowDeleteButton } from "~/components/ui/row-delete-button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { useActionGuard } from "~/lib/use-action-guard";
import { useDeleteGrupo } from "./api";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

export function GruposTable({ rows }: { rows: GrupoListItem[] }) {
  const guard = useActionGuard();
  const remove = useConfirmedAction(useDeleteGrupo(), {
    allowed: () => guard("gerenciar_grupos_permissoes", "excluirGrupo"),
    variables: (g: GrupoListItem) => g.id,
    success: SUCCESS_TITLE.grupoExcluido,
    error: ERROR_TITLE.excluirGrupo,
  });
  const toDelete = remove.target;

  const columns: DataColumn<GrupoListItem>[] = [
    {
      header: "Nome",
      card: "title",
      className: "font-medium text-slate-900",
      cell: (g) => (
        <span className="inline-flex items-center gap-1.5">
          {g.nome_grupo}
          {g.nome_grupo === ADMIN_GROUP_NAME && <ShieldCheck className="h-4 w-4 text-brand-600" aria-hidden />}
        </span>
      ),
    },
    { header: "Descrição", className: "text-slate-700", cell: (g) => g.descricao || "—" },
    { header: "Usuários", headClassName: "text-right", className: "text-right tabular-nums", cell: (g) => formatInteiro(g.user_count) },
    {
      header: "Ações",
      card: "actions",
      headClassName: "text-right",
      cell: (g) => (
        <div className="flex justify-end gap-1">
          <Button asChild variant="ghost" size="sm">
            <Link to={PATHS.grupo(g.id)} aria-label={`Editar ${g.nome_grupo}`}>
              <Pencil aria-hidden /> Editar
            </Link>
          </Button>
          {g.nome_grupo !== ADMIN_GROUP_NAME && <RowDeleteButton label={`Excluir ${g.nome_grupo}`} onClick={() => remove.ask(g)} />}
        </div>
      ),
    },
  ];

  return (
    <>
      <DataTable label="Grupos cadastrados" columns={columns} rows={rows} rowKey={(g) => g.id} empty="Nenhum grupo encontrado" />

      <ConfirmDialog
        {...remove.dialog}
        title="Excluir grupo"
        description={
          <>
            Tem certeza que deseja excluir o grupo "{toDelete?.nome_grupo}"? Esta ação não pode ser desfeita.
            {toDelete && toDelete.user_count > 0 && (
              <>
                {" "}
                {toDelete.user_count === 1
                  ? "O usuário deste grupo deixará de pertencer a ele e perderá as permissões do grupo."
                  : `Os ${formatInteiro(toDelete.user_count)} usuários deste grupo deixarão de pertencer a ele e perderão as permissões do grupo.`}
              </>
            )}
          </>
        }
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
      />
    </>
  );
}
