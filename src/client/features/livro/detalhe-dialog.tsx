import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import {
  LIVRO_TEXTOS,
  NATUREZA_OCORRENCIA_LABEL,
  REFERENCIA_OCORRENCIA_LABEL,
  TIPO_OCORRENCIA_LABEL,
  complementoInputSchema,
  resolucaoInputSchema,
  type OcorrenciaDetalhe,
} from "@shared/schemas/livro";
import { formatDateTime } from "@shared/time";
import { DetailList, type DetailLine } from "~/components/ui/detail-list";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { TextareaField } from "~/components/ui/form-field-kit";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { saveCallbacks, type SaveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm } from "~/lib/use-zod-form";
import { ocorrenciaQuery, useComplementar, useResolver } from "./api";
import { PrioridadeBadge, SituacaoBadge, ondeTexto, resolvidaTexto } from "./rotulos";

/**
 * One entry of the book and its thread (complements and the resolution, oldest first). With an
 * open shift the operator complements or resolves an open item from here; nothing is edited.
 */
export function DetalheDialog({ ocorrenciaId, podeEscrever, onClose }: { ocorrenciaId: string | null; podeEscrever: boolean; onClose: () => void }) {
  return (
    <Dialog open={ocorrenciaId !== null} onOpenChange={(next) => !next && onClose()}>
      <DialogContent className="max-w-2xl">{ocorrenciaId && <Detalhe id={ocorrenciaId} podeEscrever={podeEscrever} />}</DialogContent>
    </Dialog>
  );
}

function Detalhe({ id, podeEscrever }: { id: string; podeEscrever: boolean }) {
  const query = useQuery(ocorrenciaQuery(id));
  // Held here: the resolution refreshes the entry, which drops its forms before the save's toast.
  const complementar = useComplementar();
  const resolver = useResolver();
  useQueryErrorToast(query.error, LIVRO_TEXTOS.erroCarregar);
  const cabecalho = (titulo: string, descricao: string) => (
    <div className="grid gap-1.5 pr-6">
      <DialogTitle className="[overflow-wrap:anywhere]">{titulo}</DialogTitle>
      <DialogDescription>{descricao}</DialogDescription>
    </div>
  );
  if (query.isPending)
    return (
      <>
        {cabecalho("Ocorrência", "Carregando a ocorrência.")}
        <Loading />
      </>
    );
  if (query.isError)
    return (
      <>
        {cabecalho("Ocorrência", LIVRO_TEXTOS.naoEncontrada)}
        <ListError error={query.error} />
      </>
    );
  const o = query.data;
  return (
    <>
      {cabecalho(o.titulo, `${TIPO_OCORRENCIA_LABEL[o.tipo]} em ${ondeTexto(o)}.`)}
      <Dados o={o} />
      {podeEscrever && o.situacao === "aberta" && <Acoes o={o} complementar={complementar} resolver={resolver} />}
    </>
  );
}

function Dados({ o }: { o: OcorrenciaDetalhe }) {
  const linhas: DetailLine[] = [
    ["Situação", <SituacaoBadge key="s" situacao={o.situacao} />],
    ["Prioridade", <PrioridadeBadge key="p" prioridade={o.prioridade} />],
    ["Tipo", TIPO_OCORRENCIA_LABEL[o.tipo]],
    ["Local", ondeTexto(o)],
    ["Registrada", `${formatDateTime(o.created_at)} por ${o.criada_por_nome}`],
    ["Vínculo", o.referencia && `${REFERENCIA_OCORRENCIA_LABEL[o.referencia.tipo]}: ${o.referencia.descricao}`],
    ["Visível ao síndico", o.visivel_sindico ? "Sim" : "Não"],
  ];
  const resolvida = resolvidaTexto(o);
  return (
    <div className="grid gap-5 text-sm">
      <DetailList lines={linhas} />
      {o.descricao && <p className="whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere]">{o.descricao}</p>}
      <section aria-labelledby="ocorrencia-seguimentos" className="grid gap-2">
        <h3 id="ocorrencia-seguimentos" className="font-semibold text-slate-900">
          Seguimento
        </h3>
        {o.seguimentos.length === 0 ? (
          <p className="text-slate-600">Nenhum complemento.</p>
        ) : (
          <ol className="grid gap-2 border-l-2 border-slate-200 pl-4" aria-label="Complementos e resolução">
            {o.seguimentos.map((s) => (
              <li key={s.id} className="grid">
                <span className="font-medium text-slate-900">
                  {NATUREZA_OCORRENCIA_LABEL[s.natureza]} · {formatDateTime(s.created_at)} · {s.criada_por_nome}
                </span>
                {s.descricao && <span className="whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">{s.descricao}</span>}
              </li>
            ))}
          </ol>
        )}
        {resolvida && <p className="font-medium text-emerald-900">{resolvida}</p>}
      </section>
    </div>
  );
}

/** 'Complementar' or 'Resolver': one form at a time, opened by its button. */
function Acoes({
  o,
  complementar,
  resolver,
}: {
  o: OcorrenciaDetalhe;
  complementar: ReturnType<typeof useComplementar>;
  resolver: ReturnType<typeof useResolver>;
}) {
  const [acao, setAcao] = useState<"complementar" | "resolver" | null>(null);
  const done = () => setAcao(null);
  if (acao === "complementar")
    return (
      <SeguimentoForm
        schema={complementoInputSchema}
        label="Complemento"
        required
        pending={complementar.isPending}
        submitLabel={complementar.isPending ? "Registrando..." : "Registrar complemento"}
        onDone={done}
        save={(descricao, callbacks) =>
          complementar.mutate(
            { id: o.id, values: { descricao: descricao ?? "" } },
            callbacks({ success: LIVRO_TEXTOS.complementoRegistrado, error: LIVRO_TEXTOS.erroComplementar }),
          )
        }
      />
    );
  if (acao === "resolver")
    return (
      <SeguimentoForm
        schema={resolucaoInputSchema}
        label="Resolução"
        hint="Opcional: o que foi feito."
        pending={resolver.isPending}
        submitLabel={resolver.isPending ? "Resolvendo..." : "Resolver ocorrência"}
        onDone={done}
        save={(descricao, callbacks) =>
          resolver.mutate({ id: o.id, values: { descricao } }, callbacks({ success: LIVRO_TEXTOS.ocorrenciaResolvida, error: LIVRO_TEXTOS.erroResolver }))
        }
      />
    );
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant="outline" onClick={() => setAcao("complementar")}>
        Complementar
      </Button>
      <Button onClick={() => setAcao("resolver")}>Resolver</Button>
    </div>
  );
}

type Callbacks = (texts: { success: string; error: string }) => SaveCallbacks<unknown>;

/** A follow-up's text (required for a complement, optional for the resolution) and its save. */
function SeguimentoForm({
  schema,
  label,
  hint,
  required,
  pending,
  submitLabel,
  onDone,
  save,
}: {
  schema: typeof complementoInputSchema | typeof resolucaoInputSchema;
  label: string;
  hint?: string;
  required?: boolean;
  pending: boolean;
  submitLabel: string;
  onDone: () => void;
  save: (descricao: string | null, callbacks: Callbacks) => void;
}) {
  const guard = useActionGuard();
  const form = useZodForm(schema, { defaultValues: { descricao: "" } });
  const { handleSubmit, control, setError } = form;
  function onValid(values: { descricao: string | null }) {
    if (!guard("registrar_ocorrencias")) return;
    save(values.descricao, (texts) => saveCallbacks({ ...texts, form: { setError, fields: ["descricao"] }, done: onDone }));
  }
  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-3 border-t border-slate-200 pt-4">
        <TextareaField label={label} hint={hint} required={required} control={control} name="descricao" rows={3} maxLength={4000} autoFocus />
        <FormButtons pending={pending} label={submitLabel} onCancel={onDone} />
      </form>
    </Form>
  );
}

function FormButtons({ pending, label, onCancel }: { pending: boolean; label: string; onCancel: () => void }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        Voltar
      </Button>
      <Button type="submit" disabled={pending}>
        {label}
      </Button>
    </div>
  );
}
