import { useQuery } from "@tanstack/react-query";
import { Ban, Mail } from "lucide-react";
import { useId, type ReactNode } from "react";
import { formatPhone } from "@shared/br/phone";
import { formatPlaca } from "@shared/br/placa";
import { unidadeLabel } from "@shared/schemas/unidades";
import { descreverValidade, TIPO_AUTORIZACAO_LABEL, type AutorizacaoDetalhe } from "@shared/schemas/visitantes";
import { formatDateTime } from "@shared/time";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ConfirmDialog, useConfirmedAction } from "~/components/ui/confirm-dialog";
import { Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { cn } from "~/lib/utils";
import { qrCodeQueryOptions, useCancelAutorizacao, useEnviarEmail } from "./api";
import { formatDocumento } from "@shared/br/documento";
import { DOCUMENTO_TIPO_LABEL, formatEntradas, SituacaoBadge } from "./format";
import { QrCodeImage } from "~/components/portaria/qr-code-image";
import { ERROR_TITLE, MSG_WITH, SUCCESS_TITLE } from "@shared/messages";
import { toastContent } from "~/lib/toast";

const dash = <span className="text-slate-600">—</span>;

function Item({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn("grid gap-0.5", className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="break-words text-sm text-slate-900">{children ?? dash}</dd>
    </div>
  );
}

/** Why 'Enviar por email' cannot be used now, or null. */
function emailBloqueado(a: AutorizacaoDetalhe): string | null {
  if (!a.email) return "Sem email do visitante: crie uma nova autorização com o email para enviar o convite.";
  if (a.situacao !== "ativa") return "Somente autorizações ativas podem ser enviadas por email.";
  return null;
}

/**
 * One pre-authorisation (gatehouse-spec §4): its data and situation, the uses, the short code in
 * large type and the QR Code, with 'Enviar por email' and 'Cancelar autorização'.
 */
export function AutorizacaoDetalhePanel({ autorizacao: a }: { autorizacao: AutorizacaoDetalhe }) {
  const uid = useId();
  const guard = useActionGuard();
  const qr = useQuery(qrCodeQueryOptions(a.id, a.qr_payload));
  useQueryErrorToast(qr.error, ERROR_TITLE.carregarQrCode);
  const enviar = useEnviarEmail();
  const cancelar = useConfirmedAction(useCancelAutorizacao(), {
    allowed: () => guard("registrar_acesso_visitante"),
    variables: (x: AutorizacaoDetalhe) => x.id,
    success: SUCCESS_TITLE.autorizacaoCancelada,
    error: ERROR_TITLE.cancelarAutorizacao,
  });

  const semEmail = emailBloqueado(a);
  const podeCancelar = a.status === "ativa";

  function enviarEmail() {
    if (!guard("registrar_acesso_visitante")) return;
    enviar.mutate(
      a.id,
      saveCallbacks({
        success: (r: { enviado_para: string }) => toastContent(MSG_WITH.conviteEnviado(r.enviado_para)),
        error: ERROR_TITLE.enviarConvite,
      }),
    );
  }

  const documento = a.documento_numero ? `${a.documento_tipo ? `${DOCUMENTO_TIPO_LABEL[a.documento_tipo]} ` : ""}${formatDocumento(a.documento_numero)}` : null;

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="grid content-start gap-6">
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold leading-tight">Visitante</h2>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Item label="Nome">{a.nome_visitante}</Item>
              <Item label="Documento">{documento}</Item>
              <Item label="Telefone">{a.telefone ? formatPhone(a.telefone) : null}</Item>
              <Item label="Email">{a.email}</Item>
              <Item label="Placa">{a.placa ? <span className="font-mono tracking-wider">{formatPlaca(a.placa)}</span> : null}</Item>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold leading-tight">Destino e validade</h2>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-4 sm:grid-cols-2">
              <Item label="Condomínio">{a.condominio.nome}</Item>
              <Item label="Unidade">{unidadeLabel(a.unidade)}</Item>
              <Item label="Autorizado por">{a.morador?.nome_completo ?? null}</Item>
              <Item label="Tipo">{TIPO_AUTORIZACAO_LABEL[a.tipo]}</Item>
              <Item label="Validade">{descreverValidade(a)}</Item>
              <Item label="Entradas usadas">
                <span data-testid="entradas">{formatEntradas(a)}</span>
              </Item>
              <Item label="Situação">
                <SituacaoBadge situacao={a.situacao} />
              </Item>
              <Item label="Criada por">{a.criado_por ? `${a.criado_por.nome}, em ${formatDateTime(a.created_at)}` : formatDateTime(a.created_at)}</Item>
              {a.observacoes && (
                <Item label="Observações" className="sm:col-span-2">
                  <span className="whitespace-pre-line">{a.observacoes}</span>
                </Item>
              )}
            </dl>
          </CardContent>
        </Card>
      </div>

      <div className="grid content-start gap-6">
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold leading-tight">Código de acesso</h2>
          </CardHeader>
          <CardContent className="grid justify-items-center gap-4 text-center">
            <p className="text-sm text-slate-600">Informe na portaria ou apresente o QR Code.</p>
            {/* Two groups of four, read more easily aloud; the text stays one word (copy, paste). */}
            <p className="flex gap-3 font-mono text-4xl font-bold tracking-[0.2em] text-slate-900" data-testid="codigo">
              <span>{a.codigo.slice(0, 4)}</span>
              <span>{a.codigo.slice(4)}</span>
            </p>
            {qr.data ? (
              <QrCodeImage svg={qr.data.svg} label={`QR Code da autorização de ${a.nome_visitante}`} className="h-56 w-56 bg-white" />
            ) : qr.isError ? (
              <p className="text-sm text-red-700">Não foi possível carregar o QR Code.</p>
            ) : (
              <Loading label="Carregando QR Code..." />
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold leading-tight">Ações</h2>
          </CardHeader>
          <CardContent className="grid gap-3">
            <div className="grid gap-1">
              <Button onClick={enviarEmail} disabled={semEmail !== null || enviar.isPending} aria-describedby={semEmail ? `${uid}-sem-email` : undefined}>
                <Mail aria-hidden /> {enviar.isPending ? "Enviando..." : "Enviar por email"}
              </Button>
              {semEmail && (
                <p id={`${uid}-sem-email`} className="text-xs text-slate-600">
                  {semEmail}
                </p>
              )}
            </div>
            {podeCancelar && (
              <Button variant="outline" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => cancelar.ask(a)}>
                <Ban aria-hidden /> Cancelar autorização
              </Button>
            )}
          </CardContent>
        </Card>
      </div>

      <ConfirmDialog
        {...cancelar.dialog}
        title="Cancelar autorização"
        description={`Cancelar a autorização de ${a.nome_visitante} (${a.condominio.nome}, ${unidadeLabel(a.unidade)})? O código e o QR Code deixarão de valer na portaria. Esta ação não pode ser desfeita.`}
        confirmLabel="Cancelar autorização"
        pendingLabel="Cancelando..."
      />
    </div>
  );
}
