import { Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { permissionLabel, type Permissao } from "@shared/schemas/permissoes";
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
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { toast, toastApiError } from "~/lib/toast";
import { DENIED, useActionGuard } from "./access";
import { useDeletePermissao } from "./api";
import { isSystemPermission } from "./permissao-dialog";

export function PermissoesTable({ rows, onEdit }: { rows: Permissao[]; onEdit: (permissao: Permissao) => void }) {
  const [toDelete, setToDelete] = useState<Permissao | null>(null);
  const remove = useDeletePermissao();
  const guard = useActionGuard("gerenciar_grupos_permissoes");

  function confirmDelete() {
    const target = toDelete;
    if (!target || !guard(DENIED.deletePermission)) return;
    remove.mutate(target.id, {
      onSuccess: () => {
        toast({ title: "Permissão excluída", variant: "success" });
        setToDelete(null);
      },
      onError: (error) => {
        toastApiError("Erro ao excluir permissão", error);
        setToDelete(null);
      },
    });
  }

  return (
    <>
      <Table aria-label="Permissões cadastradas">
        <TableHeader>
          <TableRow>
            <TableHead>Nome</TableHead>
            <TableHead>Categoria</TableHead>
            <TableHead>Descrição</TableHead>
            <TableHead className="text-right">Ações</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4} className="py-10 text-center text-slate-600">
                Nenhuma permissão encontrada
              </TableCell>
            </TableRow>
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
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="sm" onClick={() => onEdit(p)} aria-label={`Editar ${p.nome_permissao}`}>
                      <Pencil aria-hidden /> Editar
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="text-red-700 hover:bg-red-50 hover:text-red-800"
                      onClick={() => setToDelete(p)}
                      aria-label={`Excluir ${p.nome_permissao}`}
                    >
                      <Trash2 aria-hidden /> Excluir
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>

      <AlertDialog open={toDelete !== null} onOpenChange={(open) => !open && !remove.isPending && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Excluir permissão</AlertDialogTitle>
            <AlertDialogDescription>
              Tem certeza que deseja excluir a permissão "{toDelete?.nome_permissao}"? Esta ação não pode ser desfeita.
            </AlertDialogDescription>
            {toDelete && isSystemPermission(toDelete.nome_permissao) && (
              <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                Esta permissão é usada pelas telas do sistema: sem ela, ninguém consegue acessar as telas que dependem dela.
              </p>
            )}
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={remove.isPending}>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              disabled={remove.isPending}
              onClick={(event) => {
                // Keep the dialog open until the server answers.
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
