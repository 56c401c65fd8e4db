import { useQuery } from "@tanstack/react-query";
import { Car, Mail, Pencil, Plus, ScanFace, Trash2, UserPlus } from "lucide-react";
import { useId, useRef, useState } from "react";
import { formatInteiro } from "@shared/br/numero";
import { formatPhone } from "@shared/br/phone";
import { formatPlaca } from "@shared/br/placa";
import { isMoradorCompleto, TIPO_MORADOR_LABEL, type Morador, type MoradorDaUnidade } from "@shared/schemas/moradores";
import { MORADOR_TEXTOS, STATUS_CONTA_MORADOR_ROTULO, type ContaMorador, type StatusContaMorador } from "@shared/schemas/morador";
import { TIPO_VEICULO_LABEL, type Veiculo } from "@shared/schemas/veiculos";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { useActionGuard } from "~/lib/use-action-guard";
import { AtivoBadge } from "~/components/ui/status-badge";
import { useAuth } from "~/lib/auth";
import { saveCallbacks } from "~/lib/save-callbacks";
import { cn } from "~/lib/utils";
import { contasMoradoresQueryOptions, moradoresQueryOptions, useConvidarMorador, useDeleteMorador, useDeleteVeiculo } from "./api";
import { BiometriaDialog } from "./biometria-dialog";
import { MoradorDialog } from "./morador-dialog";
import { VeiculoDialog } from "./veiculo-dialog";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

type PendingDelete =
  { kind: "morador"; morador: Morador & Pick<MoradorDaUnidade, "veiculos_total"> } | { kind: "veiculo"; veiculo: Veiculo; morador: MoradorDaUnidade };

const veiculosCount = (n: number) => (n === 1 ? "1 veículo cadastrado" : `${n.toLocaleString("pt-BR")} veículos cadastrados`);

/**
 * The deletion's question. The database deletes the resident's vehicles with them, so it says so
 * to every user, with how many, and names their plates when the user may see them.
 */
function deleteMoradorText(morador: Morador & Pick<MoradorDaUnidade, "veiculos_total">) {
  const question = `Excluir o morador ${morador.nome_completo}?`;
  const total = morador.veiculos_total;
  if (total === 0) return `${question} Esta ação não pode ser desfeita.`;
  const placas = morador.veiculos.length === total ? `: ${morador.veiculos.map((v) => formatPlaca(v.placa)).join(", ")}` : "";
  return total === 1
    ? `${question} O veículo cadastrado para ele também será excluído${placas}.`
    : `${question} Os ${veiculosCount(total)} para ele também serão excluídos${placas}.`;
}

const CONTA_BADGE: Record<StatusContaMorador, "yellow" | "green" | "grey"> = { convidado: "yellow", ativo: "green", desativado: "grey" };

/** §2: e-mail, else mobile, else 'Sem contato'. */
function contato(morador: Morador) {
  if (morador.email) return morador.email;
  if (morador.telefone_celular) return formatPhone(morador.telefone_celular);
  return "Sem contato";
}

/**
 * 'Moradores da Unidade' (§2): residents with add, edit, delete (gerenciar_moradores_unidade) and,
 * under each, their vehicles with add, edit, delete (gerenciar_veiculos_morador). With only the
 * vehicle permission the residents are listed read-only so their vehicles can be managed.
 */
export function MoradoresSection({ unidadeId }: { unidadeId: string }) {
  const { can } = useAuth();
  const canResidents = can("gerenciar_moradores_unidade");
  const canVehicles = can("gerenciar_veiculos_morador");
  const guard = useActionGuard();
  const uid = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);

  const query = useQuery(moradoresQueryOptions(unidadeId));
  useQueryErrorToast(query.error, ERROR_TITLE.buscarMoradoresVeiculos);
  const moradores = query.data ?? [];
  // The Área do Morador accounts (gate-operation-spec §3.1): until they are known (or failed to
  // load) no invitation is offered, so an active account never flashes an 'invite' button.
  const contas = useQuery(contasMoradoresQueryOptions(unidadeId));
  const contasConhecidas = contas.isSuccess || contas.isError;
  const convidar = useConvidarMorador();

  const [moradorDialog, setMoradorDialog] = useState<{ morador?: Morador } | null>(null);
  const [biometria, setBiometria] = useState<{ id: string; nome_completo: string } | null>(null);
  const [veiculoDialog, setVeiculoDialog] = useState<{ morador: MoradorDaUnidade; veiculo?: Veiculo } | null>(null);
  const [pendingDelete, setPendingDelete] = useState<PendingDelete | null>(null);
  const deleteMorador = useDeleteMorador(unidadeId);
  const deleteVeiculo = useDeleteVeiculo(unidadeId);
  const deleting = deleteMorador.isPending || deleteVeiculo.isPending;

  function convidarMorador(morador: Morador) {
    if (convidar.isPending || !guard("gerenciar_moradores_unidade")) return;
    convidar.mutate(
      morador.id,
      saveCallbacks({
        success: ({ conta }) => ({ title: MORADOR_TEXTOS.convidado, description: MORADOR_TEXTOS.conviteEnviado(conta?.email ?? morador.email ?? "") }),
        error: MORADOR_TEXTOS.convidar,
      }),
    );
  }

  function confirmDelete() {
    if (!pendingDelete) return;
    // The deleted item's buttons are gone afterwards: focus goes back to the section's heading.
    const done = () => {
      setPendingDelete(null);
      requestAnimationFrame(() => headingRef.current?.focus());
    };
    const failed = () => setPendingDelete(null);
    if (pendingDelete.kind === "morador") {
      if (!guard("gerenciar_moradores_unidade")) return setPendingDelete(null);
      deleteMorador.mutate(
        pendingDelete.morador.id,
        saveCallbacks({ success: SUCCESS_TITLE.moradorExcluido, error: ERROR_TITLE.excluirMorador, done, failed }),
      );
    } else {
      if (!guard("gerenciar_veiculos_morador")) return setPendingDelete(null);
      deleteVeiculo.mutate(
        pendingDelete.veiculo.id,
        saveCallbacks({ success: SUCCESS_TITLE.veiculoExcluido, error: ERROR_TITLE.excluirVeiculo, done, failed }),
      );
    }
  }

  const deleteText =
    pendingDelete?.kind === "morador"
      ? deleteMoradorText(pendingDelete.morador)
      : pendingDelete?.kind === "veiculo"
        ? `Excluir o veículo ${formatPlaca(pendingDelete.veiculo.placa)} de ${pendingDelete.morador.nome_completo}? Esta ação não pode ser desfeita.`
        : "";

  return (
    <Card data-testid="moradores-section" aria-labelledby={`${uid}-titulo`} role="region">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <div className="grid gap-1">
          <h2 id={`${uid}-titulo`} ref={headingRef} tabIndex={-1} className="text-lg font-semibold leading-tight outline-none">
            Moradores da Unidade
          </h2>
          <p className="text-sm text-slate-600">
            {query.data ? `${formatInteiro(moradores.length)} ${moradores.length === 1 ? "morador" : "moradores"}` : "Moradores e seus veículos"}
            {!canResidents && " · Você pode gerenciar apenas os veículos dos moradores."}
          </p>
        </div>
        {canResidents && (
          <Button onClick={() => setMoradorDialog({})}>
            <UserPlus aria-hidden /> Adicionar Morador
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Loading label="Carregando moradores..." />
        ) : query.isError ? (
          <ListError error={query.error} />
        ) : moradores.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center text-sm text-slate-600">
            Nenhum morador cadastrado nesta unidade.
          </p>
        ) : (
          <ul className="grid gap-4">
            {moradores.map((m) => (
              <li key={m.id}>
                <MoradorCard
                  morador={m}
                  canResidents={canResidents}
                  canVehicles={canVehicles}
                  conta={contas.data?.get(m.id) ?? null}
                  onInvite={contasConhecidas ? () => isMoradorCompleto(m) && convidarMorador(m) : undefined}
                  inviting={convidar.isPending && convidar.variables === m.id}
                  onEdit={() => isMoradorCompleto(m) && setMoradorDialog({ morador: m })}
                  onBiometria={() => setBiometria({ id: m.id, nome_completo: m.nome_completo })}
                  onDelete={() => isMoradorCompleto(m) && setPendingDelete({ kind: "morador", morador: m })}
                  onAddVeiculo={() => setVeiculoDialog({ morador: m })}
                  onEditVeiculo={(v) => setVeiculoDialog({ morador: m, veiculo: v })}
                  onDeleteVeiculo={(v) => setPendingDelete({ kind: "veiculo", veiculo: v, morador: m })}
                />
              </li>
            ))}
          </ul>
        )}
      </CardContent>

      <MoradorDialog open={moradorDialog !== null} unidadeId={unidadeId} morador={moradorDialog?.morador} onClose={() => setMoradorDialog(null)} />
      <BiometriaDialog morador={biometria} onClose={() => setBiometria(null)} />
      <VeiculoDialog
        open={veiculoDialog !== null}
        unidadeId={unidadeId}
        morador={veiculoDialog?.morador}
        veiculo={veiculoDialog?.veiculo}
        onClose={() => setVeiculoDialog(null)}
      />

      <ConfirmDialog
        open={pendingDelete !== null}
        onCancel={() => setPendingDelete(null)}
        onConfirm={confirmDelete}
        pending={deleting}
        title={pendingDelete?.kind === "veiculo" ? "Excluir veículo" : "Excluir morador"}
        description={deleteText}
        confirmLabel="Excluir"
        pendingLabel="Excluindo..."
      />
    </Card>
  );
}

function MoradorCard({
  morador: m,
  canResidents,
  canVehicles,
  conta,
  onInvite,
  inviting,
  onEdit,
  onBiometria,
  onDelete,
  onAddVeiculo,
  onEditVeiculo,
  onDeleteVeiculo,
}: {
  morador: MoradorDaUnidade;
  canResidents: boolean;
  canVehicles: boolean;
  /** The resident's Área do Morador account; null: none (never invited) or not known. */
  conta: ContaMorador | null;
  /** 'Convidar para a Área do Morador'; undefined while the accounts are not known yet. */
  onInvite: (() => void) | undefined;
  inviting: boolean;
  onEdit: () => void;
  onBiometria: () => void;
  onDelete: () => void;
  onAddVeiculo: () => void;
  onEditVeiculo: (veiculo: Veiculo) => void;
  onDeleteVeiculo: (veiculo: Veiculo) => void;
}) {
  const uid = useId();
  return (
    <article data-testid={`morador-${m.id}`} aria-labelledby={`${uid}-nome`} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={`${uid}-nome`} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
              {m.nome_completo}
            </h3>
            {isMoradorCompleto(m) && <AtivoBadge ativo={m.ativo} />}
            {conta && (
              <Badge variant={CONTA_BADGE[conta.status]} title="Área do Morador" data-testid="conta-morador">
                <span className="sr-only">Área do Morador: </span>
                {STATUS_CONTA_MORADOR_ROTULO[conta.status]}
              </Badge>
            )}
          </div>
          {isMoradorCompleto(m) && (
            <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
              {TIPO_MORADOR_LABEL[m.tipo_morador]} · {contato(m)}
            </p>
          )}
          {canResidents && isMoradorCompleto(m) && onInvite && conta?.status !== "ativo" && (
            <ConviteButton morador={m} onInvite={onInvite} inviting={inviting} />
          )}
        </div>
        {canResidents && isMoradorCompleto(m) && (
          <div className="flex items-center gap-1">
            <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Editar morador ${m.nome_completo}`} title="Editar">
              <Pencil aria-hidden /> <span className="hidden sm:inline">Editar</span>
            </Button>
            <Button variant="ghost" size="sm" onClick={onBiometria} aria-label={`Foto e biometria de ${m.nome_completo}`} title="Foto e biometria">
              <ScanFace aria-hidden /> <span className="hidden sm:inline">Foto</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={onDelete}
              aria-label={`Excluir morador ${m.nome_completo}`}
              title="Excluir"
            >
              <Trash2 aria-hidden /> <span className="hidden sm:inline">Excluir</span>
            </Button>
          </div>
        )}
      </div>

      <div className="mt-3 grid gap-2 border-t border-slate-100 pt-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h4 className="flex items-center gap-1.5 text-sm font-semibold text-slate-800">
            <Car className="h-4 w-4 text-slate-500" aria-hidden /> Veículos
          </h4>
          {canVehicles && (
            <Button variant="outline" size="sm" onClick={onAddVeiculo} aria-label={`Adicionar veículo para ${m.nome_completo}`}>
              <Plus aria-hidden /> Adicionar Veículo
            </Button>
          )}
        </div>
        {m.veiculos.length < m.veiculos_total ? (
          // Who may not see vehicles gets only their count: they exist, and go with the resident.
          <p className="text-sm text-slate-600">{veiculosCount(m.veiculos_total)}, que você não tem permissão para ver.</p>
        ) : m.veiculos.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum veículo cadastrado.</p>
        ) : (
          <ul className="grid gap-2" aria-label={`Veículos de ${m.nome_completo}`}>
            {m.veiculos.map((v) => {
              const placa = formatPlaca(v.placa);
              const modelo = [v.marca, v.modelo].filter(Boolean).join(" ");
              return (
                <li key={v.id} data-testid={`veiculo-${v.id}`} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-slate-50 px-3 py-2">
                  <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                    <span className="font-mono font-semibold tracking-wider text-slate-900">{placa}</span>
                    <span className="text-slate-700">{modelo || TIPO_VEICULO_LABEL[v.tipo_veiculo]}</span>
                    {v.cor && <span className="text-slate-600">{v.cor}</span>}
                    <AtivoBadge ativo={v.ativo} />
                  </div>
                  {canVehicles && (
                    <div className="flex items-center gap-1">
                      <Button
                        variant="ghost"
                        size="sm"
                        className="w-9 px-0"
                        onClick={() => onEditVeiculo(v)}
                        aria-label={`Editar veículo ${placa}`}
                        title="Editar"
                      >
                        <Pencil aria-hidden />
                      </Button>
                      <Button
                        variant="ghost"
                        size="sm"
                        className="w-9 px-0 text-red-700 hover:bg-red-50 hover:text-red-800"
                        onClick={() => onDeleteVeiculo(v)}
                        aria-label={`Excluir veículo ${placa}`}
                        title="Excluir"
                      >
                        <Trash2 aria-hidden />
                      </Button>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </article>
  );
}

/**
 * 'Convidar para a Área do Morador' (gate-operation-spec §3.1). Its name is the visible text plus
 * the resident's name. Without an e-mail (or with the resident inactive) it stays focusable but
 * does nothing (`aria-disabled`), and says why in a visible hint it is described by.
 */
function ConviteButton({ morador: m, onInvite, inviting }: { morador: Morador; onInvite: () => void; inviting: boolean }) {
  const hintId = useId();
  const hint = !m.email?.trim() ? MORADOR_TEXTOS.semEmail : !m.ativo ? MORADOR_TEXTOS.inativo : null;
  const unavailable = hint !== null || inviting;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        variant="outline"
        size="sm"
        // On a phone the label wraps instead of overflowing the card.
        className={cn("h-auto min-h-9 whitespace-normal py-1.5 text-left", unavailable && "cursor-not-allowed opacity-60 hover:bg-white")}
        // The visible text first (WCAG 2.5.3), then whom it invites.
        aria-label={`Convidar para a Área do Morador: ${m.nome_completo}`}
        aria-disabled={unavailable || undefined}
        aria-describedby={hint ? hintId : undefined}
        onClick={() => {
          if (!unavailable) onInvite();
        }}
      >
        <Mail aria-hidden />
        Convidar para a Área do Morador
      </Button>
      {hint && (
        <p id={hintId} className="text-sm text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
