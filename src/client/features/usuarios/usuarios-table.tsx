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
import { DataTable, type DataColumn } from "~/components/ui/data-table";
import { useAuth } from "~/lib/auth";
import { useActionGuard } from "~/lib/use-action-guard";
import { useSetUsuarioStatus } from "./api";
import { StatusBadge } from "./status";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

interface StatusChange {
  usuario: Usuario;
  status: Extract<UserStatus, "ativo" | "inativo">;
}

export function UsuariosTable({ rows, total }: { rows: Usuario[]; total?: number }) {
  const { profile } = useAuth();
  const guard = useActionGuard();
  const setStatus = useConfirmedAction(useSetUsuarioStatus(), {
    allowed: () => guard("gerenciar_usuarios_portaria", "alterarStatusUsuario"),
    variables: (c: StatusChange) => ({ id: c.usuario.id, status: c.status }),
    success: SUCCESS_TITLE.statusAtualizado,
    error: ERROR_TITLE.alterarStatus,
  });
  const change = setStatus.target;
  const deactivating = change?.status === "inativo";
  // A member of Administrador is activated or deactivated only by another member (server rule too).
  const locked = (u: Usuario) => profile !== null && accountRefusal(profile, u) !== null;

  const columns: DataColumn<Usuario>[] = [
    {
      header: "Nome completo",
      card: "title",
      className: "font-medium text-slate-900",
      cell: (u) => (
        <>
          {u.nome_completo}
          {u.id === profile?.id && <span className="ml-1.5 text-xs font-normal text-slate-600">(você)</span>}
        </>
      ),
    },
    { header: "Email", cell: (u) => u.email },
    { header: "Telefone", className: "whitespace-nowrap", cell: (u) => (u.telefone_celular ? formatPhone(u.telefone_celular) : "—") },
    { header: "CPF", className: "whitespace-nowrap tabular-nums", cell: (u) => (u.cpf ? formatCpf(u.cpf) : "—") },
    {
      header: "Grupos",
      cell: (u) =>
        u.grupos.length ? (
          <ul className="flex flex-wrap gap-1">
            {u.grupos.map((g) => (
              <li key={g.id}>
                <Badge variant="outline">{g.nome_grupo}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <span className="text-slate-600">Sem grupo</span>
        ),
    },
    { header: "Status", card: "status", cell: (u) => <StatusBadge status={u.status} /> },
    {
      header: "Ações",
      card: "actions",
      headClassName: "text-right",
      cell: (u) => {
        const isSelf = u.id === profile?.id;
        return (
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
        );
      },
    },
  ];

  return (
    <>
      <DataTable
        label="Usuários cadastrados"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(u) => u.id}
        className="[&_td]:px-2.5 [&_td:first-child]:pl-4 [&_th]:px-2.5 [&_th:first-child]:pl-4"
        empty="Nenhum usuário encontrado"
      />

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
