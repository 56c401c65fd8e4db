import { Pencil, ShieldCheck } from "lucide-react";
import { Link } from "react-router";
import { ADMIN_GROUP_NAME } from "@shared/permissions";
import type { GrupoListItem } from "@shared/schemas/grupos";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, useConfirmedAction } from "~/components/ui/confirm-dialog";
import { RowDeleteButton } from "~/components/ui/row-delete-button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { TableEmptyRow } from "~/components/ui/table-empty-row";
import { useActionGuard } from "~/lib/use-action-guard";
import { useDeleteGrupo } from "./api";
import { PATHS } from "~/lib/paths";


export function GruposTable({ rows }: { rows: GrupoListItem[] }) {
  const guard = useActionGuard();
  const remove = useConfirmedAction(useDeleteGrupo(), {
    allowed: () => guard("gerenciar_grupos_permissoes", "excluirGrupo"),
    variables: (g: GrupoListItem) => g.id,
    success: "Grupo excluído",
    error: "Erro ao excluir grupo",
  });
  const toDelete = remove.target;

  return (
    <>
      <Table aria-label="Grupos cadastrados">
        <TableHeader>
          <TableRow>
            <TableHead>Nome</TableHead>
            <TableHead>Descrição</TableHead>
            <TableHead className="text-right">Usuários</TableHead>
            <TableHead className="text-right print:hidden">Ações</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableEmptyRow colSpan={4}>Nenhum grupo encontrado</TableEmptyRow>
          ) : (
            rows.map((g) => {
              const isAdmin = g.nome_grupo === ADMIN_GROUP_NAME;
              return (
                <TableRow key={g.id}>
                  <TableCell className="font-medium text-slate-900">
                    <span className="inline-flex items-center gap-1.5">
                      {g.nome_grupo}
                      {isAdmin && <ShieldCheck className="h-4 w-4 text-brand-600" aria-hidden />}
                    </span>
                  </TableCell>
                  <TableCell className="min-w-56 text-slate-700">{g.descricao || "—"}</TableCell>
                  <TableCell className="text-right tabular-nums">{g.user_count}</TableCell>
                  <TableCell className="print:hidden">
                    <div className="flex justify-end gap-1">
                      <Button asChild variant="ghost" size="sm">
                        <Link to={PATHS.grupo(g.id)} aria-label={`Editar ${g.nome_grupo}`}>
                          <Pencil aria-hidden /> Editar
                        </Link>
                      </Button>
                      {!isAdmin && <RowDeleteButton label={`Excluir ${g.nome_grupo}`} onClick={() => remove.ask(g)} />}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>

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
                  : `Os ${toDelete.user_count} usuários deste grupo deixarão de pertencer a ele e perderão as permissões do grupo.`}
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
