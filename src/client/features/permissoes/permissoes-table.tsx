import { Pencil } from "lucide-react";
import { permissionLabel, type Permissao } from "@shared/schemas/permissoes";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, useConfirmedAction } from "~/components/ui/confirm-dialog";
import { RowDeleteButton } from "~/components/ui/row-delete-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { TableEmptyRow } from "~/components/ui/table-empty-row";
import { useActionGuard } from "~/lib/use-action-guard";
import { useDeletePermissao } from "./api";
import { isSystemPermission } from "@shared/permissions";

export function PermissoesTable({ rows, onEdit }: { rows: Permissao[]; onEdit: (permissao: Permissao) => void }) {
  const guard = useActionGuard();
  const remove = useConfirmedAction(useDeletePermissao(), {
    allowed: () => guard("gerenciar_grupos_permissoes", "excluirPermissao"),
    variables: (p: Permissao) => p.id,
    success: "Permissão excluída",
    error: "Erro ao excluir permissão",
  });
  const toDelete = remove.target;

  return (
    <>
      <Table aria-label="Permissões cadastradas">
        <TableHeader>
          <TableRow>
            <TableHead>Nome</TableHead>
            <TableHead>Categoria</TableHead>
            <TableHead>Descrição</TableHead>
            <TableHead className="text-right print:hidden">Ações</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableEmptyRow colSpan={4}>Nenhuma permissão encontrada</TableEmptyRow>
          ) : (
            rows.map((p) => (
              <TableRow key={p.id}>
                <TableCell>
                  <code className="font-mono text-[0.8125rem] font-semibold text-slate-900">{p.nome_permissao}</code>
                  <span className="block text-xs text-slate-600">{permissionLabel(p.nome_permissao)}</span>
                </TableCell>
                <TableCell>
                  <Badge variant="outline">{p.categoria}</Badge>
                </TableCell>
                <TableCell className="min-w-56 text-slate-700">{p.descricao || "—"}</TableCell>
                <TableCell className="print:hidden">
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="sm" onClick={() => onEdit(p)} aria-label={`Editar ${p.nome_permissao}`}>
                      <Pencil aria-hidden /> Editar
                    </Button>
                    {/* The server refuses to delete the system's own permissions. */}
                    {!isSystemPermission(p.nome_permissao) && (
                      <RowDeleteButton label={`Excluir ${p.nome_permissao}`} onClick={() => remove.ask(p)} />
                    )}
                  </div>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>

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
