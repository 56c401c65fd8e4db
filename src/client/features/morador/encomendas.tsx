import { useQuery } from "@tanstack/react-query";
import { ChevronRight, Maximize2, PackageCheck, Undo2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "react-router";
import { diasAguardando, ENCOMENDAS_TEXTOS, TIPO_ENCOMENDA_LABEL, TRANSPORTADORA_LABEL, type MoradorEncomenda } from "@shared/schemas/encomendas";
import { formatDateTime } from "@shared/time";
import { QrCodeImage } from "~/components/portaria/qr-code-image";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { MORADOR_HOME } from "~/lib/post-login";
import { cn } from "~/lib/utils";
import { encomendasDoMoradorQuery } from "./encomendas-api";

// 'Encomendas' of the Área do Morador (gate-operation-spec §3.2): the parcels waiting at the gate,
// each with its pickup code big enough to read out and its QR for the porteiro's camera, then
// those picked up or sent back. Início shows the waiting ones in short.

/** From this many days a parcel is late enough to be said so in colour (the reminders start at 3, §4). */
const DIAS_DE_ALERTA = 3;

/** The code in two groups of three (read aloud more easily); a screen reader hears it digit by digit. */
function CodigoDeRetirada({ codigo, className }: { codigo: string; className?: string }) {
  return (
    <div data-testid="codigo-retirada">
      <span className="sr-only">Código de retirada {codigo.split("").join(" ")}</span>
      <span aria-hidden className={cn("flex gap-3 font-mono text-4xl font-bold tracking-[0.2em] text-slate-900", className)}>
        <span>{codigo.slice(0, 3)}</span>
        <span>{codigo.slice(3)}</span>
      </span>
    </div>
  );
}

/**
 * The QR of a pickup, drawn here from the text the server gives (the unit and the code): the
 * library is loaded only when a parcel waits, so the rest of the app does not carry it.
 */
function QrDaRetirada({ texto, label, className }: { texto: string; label: string; className?: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let vivo = true;
    void import("qrcode")
      .then((QRCode) => QRCode.toString(texto, { type: "svg", errorCorrectionLevel: "M", margin: 2 }))
      .then((s) => vivo && setSvg(s))
      .catch(() => vivo && setSvg(null));
    return () => {
      vivo = false;
    };
  }, [texto]);
  if (!svg) return <div className={cn("animate-pulse rounded bg-slate-100", className)} aria-hidden />;
  return <QrCodeImage svg={svg} label={label} className={cn("bg-white", className)} />;
}

function Aguardando({ dias }: { dias: number }) {
  return (
    <span
      className={cn(
        "inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold",
        dias >= DIAS_DE_ALERTA ? "bg-amber-100 text-amber-900" : "bg-slate-100 text-slate-800",
      )}
      data-testid="aguardando-ha"
    >
      {ENCOMENDAS_TEXTOS.aguardandoHa(dias)}
    </span>
  );
}

const descricao = (e: MoradorEncomenda) => `${TRANSPORTADORA_LABEL[e.transportadora]} · ${TIPO_ENCOMENDA_LABEL[e.tipo]}`;

function Vazio({ children }: { children: string }) {
  return <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600">{children}</p>;
}

/** The screen: waiting parcels with their codes and QRs, then the last 90 days' picked up and returned. */
export function EncomendasDaUnidade({ unidadeId }: { unidadeId: string }) {
  const query = useQuery(encomendasDoMoradorQuery(unidadeId));
  useQueryErrorToast(query.error, ENCOMENDAS_TEXTOS.carregarDoMorador);
  const aguardandoId = useId();
  const encerradasId = useId();

  if (query.isPending) return <Loading />;
  if (query.isError) return <ListError error={query.error} />;
  const { aguardando, encerradas } = query.data;

  return (
    <div className="grid gap-8">
      <section aria-labelledby={aguardandoId} className="grid gap-3">
        <h2 id={aguardandoId} className="text-lg font-semibold text-slate-900">
          Aguardando retirada{aguardando.length > 0 && <span className="font-normal text-slate-600"> ({aguardando.length})</span>}
        </h2>
        {aguardando.length === 0 ? (
          <Vazio>{ENCOMENDAS_TEXTOS.nenhuma}</Vazio>
        ) : (
          <ul className="grid gap-3">
            {aguardando.map((e) => (
              <li key={e.id}>
                <CartaoAguardando encomenda={e} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby={encerradasId} className="grid gap-3">
        <h2 id={encerradasId} className="text-lg font-semibold text-slate-900">
          Retiradas e devolvidas <span className="font-normal text-slate-600">· últimos 90 dias</span>
        </h2>
        {encerradas.length === 0 ? (
          <Vazio>Nenhuma encomenda retirada nos últimos 90 dias.</Vazio>
        ) : (
          <ul className="grid gap-2">
            {encerradas.map((e) => (
              <li key={e.id}>
                <Encerrada encomenda={e} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CartaoAguardando({ encomenda: e }: { encomenda: MoradorEncomenda }) {
  const titleId = useId();
  const dias = diasAguardando(e.recebida_em);
  const rotuloQr = `QR Code de retirada da encomenda ${descricao(e)}`;
  return (
    <article aria-labelledby={titleId} data-testid="encomenda-aguardando" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid min-w-0 gap-0.5">
          <h3 id={titleId} className="font-semibold text-slate-900">
            {descricao(e)}
          </h3>
          <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">Para {e.destinatario_nome}</p>
          <p className="text-sm text-slate-700">Chegou em {formatDateTime(e.recebida_em)}</p>
          {e.codigo_rastreio && <p className="font-mono text-xs text-slate-600 [overflow-wrap:anywhere]">Rastreio {e.codigo_rastreio}</p>}
        </div>
        <Aguardando dias={dias} />
      </div>

      {e.codigo && e.qr ? (
        <div className="grid justify-items-center gap-2 border-t border-slate-100 pt-3 text-center">
          <p className="text-sm text-slate-600">Código de retirada</p>
          <CodigoDeRetirada codigo={e.codigo} />
          <Dialog>
            <DialogTrigger
              className="group grid justify-items-center gap-1 rounded-md p-1 text-sm font-medium text-brand-700 outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              aria-label={`Ampliar QR Code de ${descricao(e)}`}
            >
              <QrDaRetirada texto={e.qr} label={rotuloQr} className="h-40 w-40" />
              <span className="inline-flex items-center gap-1">
                <Maximize2 className="h-4 w-4" aria-hidden /> Ampliar QR Code
              </span>
            </DialogTrigger>
            <DialogContent className="justify-items-center text-center">
              <DialogTitle>{descricao(e)}</DialogTitle>
              <DialogDescription>Mostre este QR Code ou diga o código na portaria.</DialogDescription>
              <QrDaRetirada texto={e.qr} label={rotuloQr} className="aspect-square w-full max-w-80" />
              <CodigoDeRetirada codigo={e.codigo} />
            </DialogContent>
          </Dialog>
        </div>
      ) : (
        <p className="border-t border-slate-100 pt-3 text-sm text-slate-700">Retire na portaria apresentando um documento.</p>
      )}
    </article>
  );
}

function Encerrada({ encomenda: e }: { encomenda: MoradorEncomenda }) {
  const retirada = e.status === "retirada";
  const Icone = retirada ? PackageCheck : Undo2;
  return (
    <div data-testid="encomenda-encerrada" className="flex items-start gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3">
      <Icone className={cn("mt-0.5 h-5 w-5 shrink-0", retirada ? "text-emerald-700" : "text-slate-500")} aria-hidden />
      <div className="grid min-w-0 gap-0.5">
        <p className="font-semibold text-slate-900">{descricao(e)}</p>
        <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">
          {retirada
            ? `Retirada por ${e.retirada_por_nome ?? "—"} em ${formatDateTime(e.retirada_em!)}`
            : `Devolvida ao remetente em ${formatDateTime(e.devolvida_em!)}`}
        </p>
        <p className="text-xs text-slate-600">Chegou em {formatDateTime(e.recebida_em)}</p>
      </div>
    </div>
  );
}

/**
 * Início's 'Encomendas aguardando' (§3.2): each waiting parcel in one line (transportadora, how
 * long it waits, the code), and the way to Encomendas for the QR.
 */
export function EncomendasAguardandoResumo({ unidadeId }: { unidadeId: string }) {
  const query = useQuery(encomendasDoMoradorQuery(unidadeId));
  useQueryErrorToast(query.error, ENCOMENDAS_TEXTOS.carregarDoMorador);
  // The chosen unit stays chosen on the way.
  const { search } = useLocation();

  if (query.isPending) return <Loading />;
  if (query.isError) return <ListError error={query.error} />;
  const { aguardando } = query.data;
  if (aguardando.length === 0) return <Vazio>{ENCOMENDAS_TEXTOS.nenhuma}</Vazio>;
  return (
    <div className="grid gap-2">
      <ul className="grid gap-2">
        {aguardando.map((e) => (
          <li
            key={e.id}
            data-testid="resumo-encomenda"
            className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-white px-4 py-3"
          >
            <div className="grid min-w-0 gap-1">
              <span className="font-semibold text-slate-900">{TRANSPORTADORA_LABEL[e.transportadora]}</span>
              <Aguardando dias={diasAguardando(e.recebida_em)} />
            </div>
            {e.codigo && <CodigoDeRetirada codigo={e.codigo} className="text-2xl" />}
          </li>
        ))}
      </ul>
      <Link
        to={{ pathname: `${MORADOR_HOME}/encomendas`, search }}
        className="inline-flex items-center gap-1 justify-self-start rounded-md py-1 text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        Ver encomendas e QR Codes <ChevronRight className="h-4 w-4" aria-hidden />
      </Link>
    </div>
  );
}
