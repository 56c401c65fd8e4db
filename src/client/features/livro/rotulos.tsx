import { CircleAlert } from "lucide-react";
import {
  LIVRO_TEXTOS,
  POSTO_CENTRAL,
  PRIORIDADE_OCORRENCIA_LABEL,
  SITUACAO_OCORRENCIA_LABEL,
  type Ocorrencia,
  type PrioridadeOcorrencia,
  type Turno,
} from "@shared/schemas/livro";
import { unidadeLabel } from "@shared/schemas/unidades";
import { formatDateTime } from "@shared/time";
import { Badge } from "~/components/ui/badge";

const SITUACAO_VARIANTE = { aberta: "yellow", resolvida: "green" } as const;

/** 'Em aberto' or 'Resolvida'. */
export function SituacaoBadge({ situacao }: { situacao: Ocorrencia["situacao"] }) {
  return (
    <Badge variant={SITUACAO_VARIANTE[situacao]} className="whitespace-nowrap" data-situacao={situacao}>
      {SITUACAO_OCORRENCIA_LABEL[situacao]}
    </Badge>
  );
}

/** The priority; 'Alta' stands out by an icon, a border and bold text, not by its colour alone. */
export function PrioridadeBadge({ prioridade }: { prioridade: PrioridadeOcorrencia }) {
  const label = `Prioridade ${PRIORIDADE_OCORRENCIA_LABEL[prioridade].toLowerCase()}`;
  if (prioridade === "alta")
    return (
      <Badge variant="red" className="gap-1 whitespace-nowrap border-red-700 uppercase" data-prioridade={prioridade} aria-label={label}>
        <CircleAlert className="h-3.5 w-3.5" aria-hidden />
        {PRIORIDADE_OCORRENCIA_LABEL[prioridade]}
      </Badge>
    );
  return (
    <Badge variant={prioridade === "normal" ? "outline" : "grey"} className="whitespace-nowrap font-medium" data-prioridade={prioridade} aria-label={label}>
      {PRIORIDADE_OCORRENCIA_LABEL[prioridade]}
    </Badge>
  );
}

/** "Residencial Aurora · Bloco A - 101" (the condominium alone when no unit). */
export const ondeTexto = (o: Pick<Ocorrencia, "condominio" | "unidade">) =>
  [o.condominio.nome, o.unidade && unidadeLabel(o.unidade)].filter(Boolean).join(" · ");

/** "Olga Operadora · 29/11/2026 03:12". */
export const quemQuandoTexto = (o: Pick<Ocorrencia, "criada_por_nome" | "created_at">) => `${o.criada_por_nome} · ${formatDateTime(o.created_at)}`;

/** 'Resolvida por <nome> em dd/MM/yyyy HH:mm', or null while open. */
export const resolvidaTexto = (o: Pick<Ocorrencia, "resolucao">) =>
  o.resolucao ? LIVRO_TEXTOS.resolvidaPor(o.resolucao.criada_por_nome, o.resolucao.created_at) : null;

/** A shift's post: its condominium's name, or 'Central'. */
export const postoNome = (t: Pick<Turno, "condominio">) => t.condominio?.nome ?? POSTO_CENTRAL;
