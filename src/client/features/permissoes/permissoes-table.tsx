import { Pencil } from "lucide-react";
import { permissionLabel, type Permissao } from "@shared/schemas/permissoes";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, useConfirmedAction } from "~/components/ui/confirm-dialog";
import { RowDeleteButton } from "~/components/ui/row-delete-button";
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { useActionGuard } from "~/lib/use-action-guard";
import { useDeletePermissao } from "./api";
import { isSystemPermission } from "@shared/permissions";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

export function PermissoesTable({ rows, onEdit }: { rows: Permissao[]; onEdit: (permissao: Permissao) => void }) {
  const guard = useActionGuard();
  const remove = useConfirmedAction(useDeletePermissao(), {
    allowed: () => guard("gerenciar_grupos_permissoes", "excluirPermissao"),
    variables: (p: Permissao) => p.id,
    success: SUCCESS_TITLE.permissaoExcluida,
    error: ERROR_TITLE.excluirPermissao,
  });
  const toDelete = remove.target;

  const columns: DataColumn<Permissao>[] = [
    {
      header: "Nome",
      card: "title",
      cell: (p) => (
        <>
          <code className="font-mono text-[0.8125rem] font-semibold text-slate-900">{p.nome_permissao}</code>
          <span className="block text-xs font-normal text-slate-600">{permissionLabel(p.nome_permissao)}</span>
        </>
      ),
    },
    { header: "Categoria", cell: (p) => <Badge variant="outline">{p.categoria}</Badge> },
    { header: "Descrição", className: "text-slate-700", cell: (p) => p.descricao || "—" },
    {
      header: "Ações",
      card: "actions",
      headClassName: "text-right",
      cell: (p) => (
        <div className="flex justify-end gap-1">
          <Button variant="ghost" size="sm" onClick={() => onEdit(p)} aria-label={`Editar ${p.nome_permissao}`}>
            <Pencil aria-hidden /> Editar
          </Button>
          {/* The server refuses to delete the system's own permissions. */}
          {!isSystemPermission(p.nome_permissao) && <RowDeleteButton label={`Excluir ${p.nome_permissao}`} onClick={() => remove.ask(p)} />}
        </div>
      ),
    },
  ];

  return (
    <>
      <DataTable label="Permissões cadastradas" columns={columns} rows={rows} rowKey={(p) => p.id} empty="Nenhuma permissão encontrada" />

      <ConfirmDialog
        {...remove.dialog}
        title="Excluir permissão"
        description={<>Tem certeza que deseja excluir a permissão "{toDelete?.nome_permissao}"? Esta ação não pode ser desfeita.</>}
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
      />
    </>
  );
}
