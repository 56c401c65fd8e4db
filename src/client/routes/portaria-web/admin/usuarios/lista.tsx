import { useInfiniteQuery } from "@tanstack/react-query";
import { ChevronDown, Filter, Plus } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Usuario } from "@shared/schemas/usuarios";
import { RequirePermission } from "~/components/portaria/require-permission";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { ListToolbar, SearchField } from "~/components/ui/list-toolbar";
import { PagedList } from "~/components/ui/paged-list";
import { useQueryErrorToast } from "~/components/ui/query-state";
import { useActionGuard } from "~/lib/use-action-guard";
import { usuariosInfiniteQueryOptions } from "~/features/usuarios/api";
import { STATUS_FILTERS, type StatusFilter } from "~/features/usuarios/status";
import { useDebouncedValue } from "~/lib/use-debounced-value";
import { UsuariosTable } from "~/features/usuarios/usuarios-table";
import { usePagedRows } from "~/lib/paged-list";
import type { Route } from "./+types/lista";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE } from "@shared/messages";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Usuários | Portaria Web" }];
}

export default function UsuariosPage() {
  return (
    <RequirePermission anyOf="gerenciar_usuarios_portaria">
      <Usuarios />
    </RequirePermission>
  );
}

function Usuarios() {
  const [text, setText] = useState("");
  const [status, setStatus] = useState<StatusFilter>("todos");
  const q = useDebouncedValue(text.trim(), 300);
  const guard = useActionGuard();

  const query = useInfiniteQuery({ ...usuariosInfiniteQueryOptions({ q, status }), placeholderData: (previous) => previous });
  useQueryErrorToast(query.error, ERROR_TITLE.buscarUsuarios);

  const { rows, total } = usePagedRows<Usuario>(query.data);

  const statusLabel = STATUS_FILTERS.find((f) => f.value === status)?.label ?? "Todos";

  return (
    <div className="mx-auto grid max-w-7xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h1 className="text-2xl font-bold text-slate-900">Usuários</h1>
          <p className="text-sm text-slate-600">Contas de acesso ao Portaria Web, seus grupos e status.</p>
        </div>
        <Button asChild>
          <Link
            to={PATHS.usuarioNovo}
            onClick={(event) => {
              if (!guard("gerenciar_usuarios_portaria", "criarUsuario")) event.preventDefault();
            }}
          >
            <Plus aria-hidden /> Novo Usuário
          </Link>
        </Button>
      </div>

      <ListToolbar label="Filtrar usuários">
        <SearchField
          id="busca-usuarios"
          value={text}
          onChange={setText}
          placeholder="Buscar por nome, email ou CPF..."
          inputLabel="Buscar por nome, email ou CPF"
        />
        <div className="grid gap-2 print:flex print:items-baseline print:gap-1.5">
          <span className="text-sm font-medium text-slate-800 print:after:content-[':']" id="filtro-status-rotulo">
            Status
          </span>
          {/* Not modal: the page stays reachable (and not aria-hidden) while the menu is open. */}
          <DropdownMenu modal={false}>
            <DropdownMenuTrigger asChild>
              <Button
                variant="outline"
                aria-label={`Status: ${statusLabel}`}
                aria-describedby="filtro-status-rotulo"
                // Printed as the filter's value (the other buttons are not printed).
                className="min-w-40 justify-between print:inline-flex print:h-auto print:min-w-0 print:border-0 print:p-0"
              >
                <span className="inline-flex items-center gap-2">
                  <Filter aria-hidden className="print:hidden" /> {statusLabel}
                </span>
                <ChevronDown aria-hidden className="print:hidden" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start">
              <DropdownMenuLabel>Filtrar por status</DropdownMenuLabel>
              <DropdownMenuSeparator />
              <DropdownMenuRadioGroup value={status} onValueChange={(value) => setStatus(value as StatusFilter)}>
                {STATUS_FILTERS.map((f) => (
                  <DropdownMenuRadioItem key={f.value} value={f.value}>
                    {f.label}
                  </DropdownMenuRadioItem>
                ))}
              </DropdownMenuRadioGroup>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </ListToolbar>

      <PagedList query={query} rows={rows} total={total} noun="usuários">
        <UsuariosTable rows={rows} total={total} />
      </PagedList>
    </div>
  );
}
