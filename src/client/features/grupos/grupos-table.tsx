import { Pencil, ShieldCheck, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { ADMIN_GROUP_NAME } from "@shared/permissions";
import type { GrupoListItem } from "@shared/schemas/grupos";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { toast, toastApiError } from "~/lib/toast";
import { DENIED, useActionGuard } from "~/features/permissoes/access";
import { useDeleteGrupo } from "./api";

export const GRUPOS_PATH = "/portaria-web/admin/grupos";

export function GruposTable({ rows }: { rows: GrupoListItem[] }) {
  const [toDelete, setToDelete] = useState<GrupoListItem | null>(null);
  const remove = useDeleteGrupo();
  const guard = useActionGuard("gerenciar_grupos_permissoes");

  function confirmDelete() {
    const target = toDelete;
    if (!target || !guard(DENIED.deleteGroup)) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        toast({ title: "Grupo excluído", variant: "success" });
        setToDelete(null);
      },
      onError: (error) => {
        toastApiError("Erro ao excluir grupo", error);
        setToDelete(null);
      },
    });
  }

  return (
    <>
      <Table aria-label="Grupos cadastrados">
        <TableHeader>
          <TableRow>
            <TableHead>Nome</TableHead>
            <TableHead>Descrição</TableHead>
            <TableHead className="text-right">Usuários</TableHead>
            <TableHead className="text-right">Ações</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4} className="py-10 text-center text-slate-600">
                Nenhum grupo encontrado
              </TableCell>
            </TableRow>
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
                  <TableCell>
                    <div className="flex justify-end gap-1">
                      <Button asChild variant="ghost" size="sm">
                        <Link to={`${GRUPOS_PATH}/editar/${g.id}`} aria-label={`Editar ${g.nome_grupo}`}>
                          <Pencil aria-hidden /> Editar
                        </Link>
                      </Button>
                      {!isAdmin && (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-red-700 hover:bg-red-50 hover:text-red-800"
                          onClick={() => setToDelete(g)}
                          aria-label={`Excluir ${g.nome_grupo}`}
                        >
                          <Trash2 aria-hidden /> Excluir
                        </Button>
                      )}
                    </div>
                  </TableCell>
                </TableRow>
              );
            })
          )}
        </TableBody>
      </Table>

      <AlertDialog open={toDelete !== null} onOpenChange={(open) => !open && !remove.isPending && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Excluir grupo</AlertDialogTitle>
            <AlertDialogDescription>
              Tem certeza que deseja excluir o grupo "{toDelete?.nome_grupo}"? Esta ação não pode ser desfeita.
              {toDelete && toDelete.user_count > 0 && (
                <>
                  {" "}
                  {toDelete.user_count === 1
                    ? "O usuário deste grupo deixará de pertencer a ele e perderá as permissões do grupo."
                    : `Os ${toDelete.user_count} usuários deste grupo deixarão de pertencer a ele e perderão as permissões do grupo.`}
                </>
              )}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={remove.isPending}
              onClick={(event) => {
                event.preventDefault();
                confirmDelete();
              }}
            >
              {remove.isPending ? "Excluindo..." : "Excluir"}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
