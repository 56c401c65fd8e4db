import { Pencil } from "lucide-react";
import { Link } from "react-router";
import { formatCpf } from "@shared/br/cpf";
import { formatPhone } from "@shared/br/phone";
import { accountRefusal } from "@shared/authz-rules";
import type { UserStatus } from "@shared/permissions";
import type { Usuario } from "@shared/schemas/usuarios";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, useConfirmedAction } from "~/components/ui/confirm-dialog";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { TableEmptyRow } from "~/components/ui/table-empty-row";
import { useAuth } from "~/lib/auth";
import { useActionGuard } from "~/lib/use-action-guard";
import { useSetUsuarioStatus } from "./api";
import { StatusBadge } from "./status";
import { PATHS } from "~/lib/paths";


interface StatusChange {
  usuario: Usuario;
  status: Extract<UserStatus, "ativo" | "inativo">;
}

export function UsuariosTable({ rows }: { rows: Usuario[] }) {
  const { profile } = useAuth();
  const guard = useActionGuard();
  const setStatus = useConfirmedAction(useSetUsuarioStatus(), {
    allowed: () => guard("gerenciar_usuarios_portaria", "alterarStatusUsuario"),
    variables: (c: StatusChange) => ({ id: c.usuario.id, status: c.status }),
    success: "Status atualizado",
    error: "Erro ao alterar status",
  });
  const change = setStatus.target;
  const deactivating = change?.status === "inativo";
  // A member of Administrador is activated or deactivated only by another member (server rule too).
  const locked = (u: Usuario) => profile !== null && accountRefusal(profile, u) !== null;

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
            <TableHead className="text-right print:hidden">Ações</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.length === 0 ? (
            <TableEmptyRow colSpan={7}>Nenhum usuário encontrado</TableEmptyRow>
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
                  <TableCell className="print:hidden">
                    <div className="flex items-center justify-end gap-1">
                      <Button asChild variant="ghost" size="sm" className="w-9 px-0">
                        <Link to={PATHS.usuario(u.id)} aria-label={`Editar ${u.nome_completo}`} title="Editar">
                          <Pencil aria-hidden />
                        </Link>
                      </Button>
                      {u.status === "ativo" && !isSelf && !locked(u) && (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-red-700 hover:bg-red-50 hover:text-red-800"
                          onClick={() => setStatus.ask({ usuario: u, status: "inativo" })}
                          aria-label={`Desativar ${u.nome_completo}`}
                        >
                          Desativar
                        </Button>
                      )}
                      {u.status === "inativo" && !locked(u) && (
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-emerald-800 hover:bg-emerald-50"
                          onClick={() => setStatus.ask({ usuario: u, status: "ativo" })}
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

      <ConfirmDialog
        {...setStatus.dialog}
        title={deactivating ? "Desativar usuário" : "Ativar usuário"}
        description={
          deactivating
            ? `Tem certeza que deseja desativar o usuário "${change?.usuario.nome_completo}"? Ele não conseguirá mais entrar no Portaria Web e as sessões abertas serão encerradas.`
            : `Tem certeza que deseja ativar o usuário "${change?.usuario.nome_completo}"? Ele voltará a ter acesso ao Portaria Web.`
        }
        confirmLabel={deactivating ? "Desativar" : "Ativar"}
        pendingLabel="Salvando..."
        variant={deactivating ? "destructive" : "default"}
      />
    </>
  );
}
