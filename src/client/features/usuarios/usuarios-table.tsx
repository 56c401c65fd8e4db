import { Pencil } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { formatCpf } from "@shared/br/cpf";
import { formatPhone } from "@shared/br/phone";
import type { UserStatus } from "@shared/permissions";
import type { Usuario } from "@shared/schemas/usuarios";
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
import { useAuth } from "~/lib/auth";
import { toast, toastApiError } from "~/lib/toast";
import { DENIED, useActionGuard } from "~/features/permissoes/access";
import { useSetUsuarioStatus } from "./api";
import { StatusBadge } from "./status";

export const USUARIOS_PATH = "/portaria-web/admin/usuarios";

interface StatusChange {
  usuario: Usuario;
  status: Extract<UserStatus, "ativo" | "inativo">;
}

export function UsuariosTable({ rows }: { rows: Usuario[] }) {
  const { profile } = useAuth();
  const [change, setChange] = useState<StatusChange | null>(null);
  const setStatus = useSetUsuarioStatus();
  const guard = useActionGuard("gerenciar_usuarios_portaria");

  function confirm() {
    if (!change || !guard(DENIED.changeStatus)) return;
    setStatus.mutate(
      { id: change.usuario.id, status: change.status },
      {
        onSuccess: () => {
          toast({ title: "Status atualizado", variant: "success" });
          setChange(null);
        },
        onError: (error) => {
          toastApiError("Erro ao alterar status", error);
          setChange(null);
        },
      },
    );
  }

  const deactivating = change?.status === "inativo";

  return (
    <>
      <Table aria-label="Usuários cadastrados" className="[&_td]:px-2.5 [&_td:first-child]:pl-4 [&_th]:px-2.5 [&_th:first-child]:pl-4">
        <TableHeader>
          <TableRow>
            <TableHead>Nome completo</TableHead>
            <TableHead>Email</TableHead>
            <TableHead>Telefone</TableHead>
            <TableHead>CPF</TableHead>
            <TableHead>Grupos</TableHead>
            <TableHead>Status</TableHead>
            <TableHead className="text-right">Ações</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={7} className="py-10 text-center text-slate-600">
                Nenhum usuário encontrado
              </TableCell>
            </TableRow>
          ) : (
            rows.map((u) => {
              const isSelf = u.id === profile?.id;
              return (
                <TableRow key={u.id}>
                  <TableCell className="min-w-36 font-medium text-slate-900">
                    {u.nome_completo}
                    {isSelf && <span className="ml-1.5 text-xs font-normal text-slate-600">(você)</span>}
                  </TableCell>
                  <TableCell className="min-w-36 [overflow-wrap:anywhere]">{u.email}</TableCell>
                  <TableCell className="whitespace-nowrap">{u.telefone_celular ? formatPhone(u.telefone_celular) : "—"}</TableCell>
                  <TableCell className="whitespace-nowrap tabular-nums">{u.cpf ? formatCpf(u.cpf) : "—"}</TableCell>
                  <TableCell>
                    {u.grupos.length ? (
                      <ul className="flex flex-wrap gap-1">
                        {u.grupos.map((g) => (
                          <li key={g.id}>
                            <Badge variant="outline">{g.nome_grupo}</Badge>
                          </li>
                        ))}
                      </ul>
                    ) : (
                      <span className="text-slate-600">Sem grupo</span>
                    )}
                  </TableCell>
                  <TableCell>
                    <StatusBadge status={u.status} />
                  </TableCell>
                  <TableCell>
                    <div className="flex items-center justify-end gap-1">
                      <Button asChild variant="ghost" size="sm" className="w-9 px-0">
                        <Link to={`${USUARIOS_PATH}/editar/${u.id}`} aria-label={`Editar ${u.nome_completo}`} title="Editar">
                          <Pencil aria-hidden />
                        </Link>
                      </Button>
                      {u.status === "ativo" && !isSelf && (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-red-700 hover:bg-red-50 hover:text-red-800"
                          onClick={() => setChange({ usuario: u, status: "inativo" })}
                          aria-label={`Desativar ${u.nome_completo}`}
                        >
                          Desativar
                        </Button>
                      )}
                      {u.status === "inativo" && (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-emerald-800 hover:bg-emerald-50"
                          onClick={() => setChange({ usuario: u, status: "ativo" })}
                          aria-label={`Ativar ${u.nome_completo}`}
                        >
                          Ativar
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

      <AlertDialog open={change !== null} onOpenChange={(open) => !open && !setStatus.isPending && setChange(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{deactivating ? "Desativar usuário" : "Ativar usuário"}</AlertDialogTitle>
            <AlertDialogDescription>
              {deactivating
                ? `Tem certeza que deseja desativar o usuário "${change?.usuario.nome_completo}"? Ele não conseguirá mais entrar no Portaria Web e as sessões abertas serão encerradas.`
                : `Tem certeza que deseja ativar o usuário "${change?.usuario.nome_completo}"? Ele voltará a ter acesso ao Portaria Web.`}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={setStatus.isPending}>Cancelar</AlertDialogCancel>
            <AlertDialogAction
              variant={deactivating ? "destructive" : "default"}
              disabled={setStatus.isPending}
              onClick={(event) => {
                event.preventDefault();
                confirm();
              }}
            >
              {setStatus.isPending ? "Salvando..." : deactivating ? "Desativar" : "Ativar"}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
