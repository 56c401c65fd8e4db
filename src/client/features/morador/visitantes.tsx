import { useQuery } from "@tanstack/react-query";
import { Ban, Mail, MessageCircle, Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { ERROR_TITLE, MSG_WITH, SUCCESS_TITLE } from "@shared/messages";
import { MORADOR_VISITANTES_TEXTOS, mensagemDoPasse, type Passe } from "@shared/schemas/morador-visitantes";
import { descreverValidade, TIPO_AUTORIZACAO_LABEL } from "@shared/schemas/visitantes";
import { Button } from "~/components/ui/button";
import { ConfirmDialog, useConfirmedAction } from "~/components/ui/confirm-dialog";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { formatEntradas, SituacaoBadge } from "~/components/portaria/autorizacao-visita";
import { QrCodeImage } from "~/components/portaria/qr-code-image";
import { saveCallbacks } from "~/lib/save-callbacks";
import { toastContent } from "~/lib/toast";
import { NovoPasseForm } from "./visitantes-form";
import { passesQuery, useCancelarPasse, useEnviarPasse } from "./visitantes-api";

type Condominio = { nome: string; endereco: string | null };

/** The WhatsApp share: a wa.me link with the message, for the resident to pick the contact (no server call). */
export const linkDoWhatsApp = (p: Passe, condominio: Condominio) => `https://wa.me/?text=${encodeURIComponent(mensagemDoPasse(p, condominio))}`;

/**
 * 'Visitantes' (gate-operation-spec §3.2): the chosen unit's passes authorised by me, those in force
 * first, each with its code in large type and its QR; 'Nova autorização', and per pass 'Compartilhar
 * no WhatsApp', 'Enviar por email' and 'Cancelar' (confirmed).
 */
export function PassesDoMorador({ unidadeId }: { unidadeId: string }) {
  const query = useQuery(passesQuery(unidadeId));
  useQueryErrorToast(query.error, MORADOR_VISITANTES_TEXTOS.carregar);
  const [criando, setCriando] = useState(false);
  const [novo, setNovo] = useState<string | null>(null);
  const novoButton = useRef<HTMLButtonElement>(null);
  const cancelar = useConfirmedAction(useCancelarPasse(unidadeId), {
    allowed: () => true,
    variables: (p: Passe) => p.id,
    success: SUCCESS_TITLE.autorizacaoCancelada,
    error: MORADOR_VISITANTES_TEXTOS.cancelar,
  });

  function fechar() {
    setCriando(false);
    // Back to where the form was opened from.
    requestAnimationFrame(() => novoButton.current?.focus());
  }

  return (
    <div className="grid gap-4">
      {criando ? (
        <section aria-labelledby="novo-passe" className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="novo-passe" className="text-lg font-semibold text-slate-900">
            Nova autorização
          </h2>
          <NovoPasseForm
            unidadeId={unidadeId}
            onFechar={fechar}
            onCriado={(p) => {
              setCriando(false);
              setNovo(p.id);
            }}
          />
        </section>
      ) : (
        <Button ref={novoButton} onClick={() => setCriando(true)} className="w-full sm:w-auto sm:justify-self-start">
          <Plus aria-hidden /> Nova autorização
        </Button>
      )}

      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <ListError error={query.error} />
      ) : query.data.rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">
          {MORADOR_VISITANTES_TEXTOS.semPasses}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Autorizações de visita">
          {query.data.rows.map((p) => (
            <li key={p.id}>
              <CartaoDoPasse passe={p} unidadeId={unidadeId} condominio={query.data.condominio} focar={novo === p.id} onCancelar={() => cancelar.ask(p)} />
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        {...cancelar.dialog}
        title="Cancelar autorização"
        description={cancelar.target ? MORADOR_VISITANTES_TEXTOS.confirmarCancelar(cancelar.target.nome_visitante) : ""}
        confirmLabel="Cancelar autorização"
        pendingLabel="Cancelando..."
      />
    </div>
  );
}

function CartaoDoPasse({
  passe: p,
  unidadeId,
  condominio,
  focar,
  onCancelar,
}: {
  passe: Passe;
  unidadeId: string;
  condominio: Condominio;
  focar: boolean;
  onCancelar: () => void;
}) {
  const titleId = useId();
  const semEmailId = useId();
  const ref = useRef<HTMLElement>(null);
  const enviar = useEnviarPasse(unidadeId);
  const ativa = p.situacao === "ativa";

  // A pass just created: its card is scrolled to and focused (its code is what the resident wants next).
  useEffect(() => {
    if (focar) ref.current?.focus();
  }, [focar]);

  function enviarEmail() {
    enviar.mutate(
      p.id,
      saveCallbacks({
        success: (r: { enviado_para: string }) => toastContent(MSG_WITH.conviteEnviado(r.enviado_para)),
        error: ERROR_TITLE.enviarConvite,
      }),
    );
  }

  return (
    <article
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-testid="passe"
      className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <div className="flex items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h2 id={titleId} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {p.nome_visitante}
          </h2>
          <p className="text-sm text-slate-700">
            {TIPO_AUTORIZACAO_LABEL[p.tipo]}: {descreverValidade(p)}
          </p>
          <p className="text-xs text-slate-600">Entradas: {formatEntradas(p)}</p>
        </div>
        <SituacaoBadge situacao={p.situacao} />
      </div>

      {ativa && (
        <div className="grid justify-items-center gap-3 border-t border-slate-100 pt-3 text-center">
          <p className="text-sm text-slate-600">Código de acesso</p>
          {/* Two groups of four, read aloud more easily; one word when copied. */}
          <p
            className="flex gap-3 font-mono text-4xl font-bold tracking-[0.2em] text-slate-900"
            data-testid="codigo"
            aria-label={`Código ${p.codigo.split("").join(" ")}`}
          >
            <span>{p.codigo.slice(0, 4)}</span>
            <span>{p.codigo.slice(4)}</span>
          </p>
          {p.qr_svg && <QrCodeImage svg={p.qr_svg} label={`QR Code da autorização de ${p.nome_visitante}`} className="h-48 w-48 bg-white" />}
        </div>
      )}

      {ativa && (
        <div className="grid gap-2 sm:grid-cols-3">
          <Button asChild variant="outline">
            <a href={linkDoWhatsApp(p, condominio)} target="_blank" rel="noopener noreferrer">
              <MessageCircle aria-hidden /> Compartilhar no WhatsApp
            </a>
          </Button>
          <Button variant="outline" onClick={enviarEmail} disabled={!p.email || enviar.isPending} aria-describedby={p.email ? undefined : semEmailId}>
            <Mail aria-hidden /> {enviar.isPending ? "Enviando..." : "Enviar por email"}
          </Button>
          <Button variant="outline" className="text-red-700 hover:text-red-800" onClick={onCancelar}>
            <Ban aria-hidden /> Cancelar
          </Button>
          {!p.email && (
            <p id={semEmailId} className="text-xs text-slate-600 sm:col-span-3">
              {MORADOR_VISITANTES_TEXTOS.semEmail}
            </p>
          )}
        </div>
      )}
    </article>
  );
}
