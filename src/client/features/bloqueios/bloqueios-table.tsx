import { Ban } from "lucide-react";
import { formatPlaca } from "@shared/br/placa";
import { TIPO_BLOQUEIO_LABEL, type Bloqueio, type SituacaoBloqueio } from "@shared/schemas/bloqueios";
import { formatDate, formatDateTime } from "@shared/time";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, useConfirmedAction } from "~/components/ui/confirm-dialog";
import { DataTable, FilteredEmpty, type DataColumn } from "~/components/ui/data-table";
import { useAuth } from "~/lib/auth";
import { XL_UP } from "~/lib/use-media-query";
import { useActionGuard } from "~/lib/use-action-guard";
import { useRemoveBloqueio } from "./api";
import { formatDocumento } from "@shared/br/documento";
import { bloqueadoLabel, TODOS_CONDOMINIOS_LABEL } from "./format";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

const dash = <span className="text-slate-600">—</span>;

const SITUACAO: Record<SituacaoBloqueio, { label: string; variant: "red" | "grey" | "yellow" }> = {
  ativo: { label: "Ativo", variant: "red" },
  expirado: { label: "Expirado", variant: "yellow" },
  removido: { label: "Removido", variant: "grey" },
};

/** Who did it and when, on two lines. */
function Autoria({ nome, em }: { nome: string | undefined; em: string }) {
  return (
    <span className="grid text-sm">
      <span>{nome ?? dash}</span>
      <span className="text-xs text-slate-600">{formatDateTime(em)}</span>
    </span>
  );
}

/**
 * The blocklist (gatehouse-spec §6). 'Remover' asks first and keeps the block in the history; a
 * block of every condominium is removed only by who serves them all (the server refuses anyone else).
 */
export function BloqueiosTable({ rows, total, onClearFilters }: { rows: Bloqueio[]; total?: number; onClearFilters?: () => void }) {
  const { profile } = useAuth();
  const guard = useActionGuard();
  const remove = useConfirmedAction(useRemoveBloqueio(), {
    allowed: () => guard("gerenciar_bloqueios_acesso"),
    variables: (b: Bloqueio) => b.id,
    success: SUCCESS_TITLE.bloqueioRemovido,
    error: ERROR_TITLE.removerBloqueio,
  });
  const canRemove = (b: Bloqueio) => b.situacao !== "removido" && (b.condominio_id !== null || profile?.acesso_todos_condominios === true);
  const showRemoved = rows.some((b) => b.removido_em);

  const columns: DataColumn<Bloqueio>[] = [
    {
      header: "Bloqueado",
      card: "title",
      className: "font-medium text-slate-900",
      cell: (b) =>
        b.tipo === "veiculo" ? (
          <span className="grid">
            <span className="font-mono tracking-wider">{formatPlaca(b.placa ?? "")}</span>
            {b.nome && <span className="text-xs font-normal text-slate-600">{b.nome}</span>}
          </span>
        ) : (
          <span className="grid">
            <span>{b.nome ?? dash}</span>
            {b.documento_numero && <span className="text-xs font-normal text-slate-600">Doc. {formatDocumento(b.documento_numero)}</span>}
          </span>
        ),
    },
    { header: "Tipo", cell: (b) => TIPO_BLOQUEIO_LABEL[b.tipo] },
    { header: "Condomínio", cell: (b) => b.condominio?.nome ?? <span className="font-medium">{TODOS_CONDOMINIOS_LABEL}</span> },
    { header: "Motivo", className: "max-w-xs whitespace-pre-line break-words", cell: (b) => b.motivo },
    { header: "Válido até", className: "whitespace-nowrap", cell: (b) => (b.valido_ate ? formatDate(b.valido_ate) : "Indeterminado") },
    { header: "Criado", cell: (b) => <Autoria nome={b.criado_por?.nome} em={b.created_at} /> },
    ...(showRemoved
      ? [{ header: "Removido", cell: (b: Bloqueio) => (b.removido_em ? <Autoria nome={b.removido_por?.nome} em={b.removido_em} /> : dash) }]
      : []),
    {
      header: "Situação",
      card: "status",
      cell: (b) => (
        <Badge variant={SITUACAO[b.situacao].variant} data-situacao={b.situacao}>
          {SITUACAO[b.situacao].label}
        </Badge>
      ),
    },
    {
      header: "Ações",
      card: "actions",
      headClassName: "text-right",
      cell: (b) => (
        <div className="flex justify-end">
          {canRemove(b) && (
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => remove.ask(b)}
              aria-label={`Remover bloqueio de ${bloqueadoLabel(b)}`}
            >
              <Ban aria-hidden /> Remover
            </Button>
          )}
        </div>
      ),
    },
  ];

  const target = remove.target;
  return (
    <>
      <DataTable
        label="Bloqueios"
        columns={columns}
        rows={rows}
        total={total}
        rowKey={(b) => b.id}
        rowTestId={(b) => `bloqueio-${b.id}`}
        // Eight or nine columns do not fit a tablet: cards below 1280 px (the sidebar takes its part), 'Remover' in reach.
        wideFrom={XL_UP}
        empty={<FilteredEmpty text="Nenhum bloqueio encontrado" onClearFilters={onClearFilters} />}
      />
      <ConfirmDialog
        {...remove.dialog}
        title="Remover bloqueio"
        description={
          target
            ? `Remover o bloqueio de ${bloqueadoLabel(target)} (${target.condominio?.nome ?? TODOS_CONDOMINIOS_LABEL})? A entrada deixará de ser impedida na portaria. O bloqueio continua no histórico, com quem o removeu e quando.`
            : ""
        }
        confirmLabel="Remover"
        pendingLabel="Removendo..."
      />
    </>
  );
}
