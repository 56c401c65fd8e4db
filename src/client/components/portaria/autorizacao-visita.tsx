import type { ControllerRenderProps } from "react-hook-form";
import {
  DIAS_SEMANA_NOMES,
  SITUACAO_AUTORIZACAO_LABEL,
  TIPO_AUTORIZACAO_LABEL,
  TIPOS_AUTORIZACAO,
  type SituacaoAutorizacao,
  type TipoAutorizacao,
} from "@shared/schemas/visitantes";
import { Badge } from "~/components/ui/badge";
import { Checkbox } from "~/components/ui/checkbox";
import { useFormField } from "~/components/ui/form";
import { Label } from "~/components/ui/input";

// Pieces of a visitor's pre-authorisation (gatehouse-spec §4) shown by the staff's Visitantes and
// the Área do Morador's (gate-operation-spec §3.2): the situation badge, the uses, the type hints
// and the weekday checkboxes of the forms.

const SITUACAO_VARIANT: Record<SituacaoAutorizacao, "green" | "grey" | "yellow" | "red"> = {
  ativa: "green",
  utilizada: "grey",
  expirada: "yellow",
  cancelada: "red",
};

/** The situation now: 'Ativa', 'Utilizada', 'Expirada' or 'Cancelada'. */
export function SituacaoBadge({ situacao }: { situacao: SituacaoAutorizacao }) {
  return (
    <Badge variant={SITUACAO_VARIANT[situacao]} data-situacao={situacao}>
      {SITUACAO_AUTORIZACAO_LABEL[situacao]}
    </Badge>
  );
}

/** The uses so far: '1 de 3' with a maximum, '2' without. */
export const formatEntradas = (a: { entradas_usadas: number; max_entradas: number | null }) =>
  a.max_entradas === null ? `${a.entradas_usadas} (sem limite)` : `${a.entradas_usadas} de ${a.max_entradas}`;

/** The hint under each type of the forms' type choice. */
export const TIPO_HINT: Record<TipoAutorizacao, string> = {
  unica: "Um dia, uma entrada.",
  periodo: "Todos os dias de um período.",
  recorrente: "Dias da semana e horário, até uma data.",
};
/** The forms' type choice: one radio card per type (Única, Período, Recorrente) with its hint. */
export function TiposDeAutorizacao({
  field,
  className,
}: {
  /** The form keeps the type as text (a select's value); the choices are the three types. */
  field: Pick<ControllerRenderProps<{ tipo: string }, "tipo">, "name" | "value" | "onChange" | "onBlur" | "ref">;
  className?: string;
}) {
  return (
    <div className="grid gap-2 sm:grid-cols-3">
      {TIPOS_AUTORIZACAO.map((t, index) => (
        <label
          key={t}
          className={`flex cursor-pointer items-start gap-2 rounded-md border border-slate-300 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500 ${className ?? ""}`}
        >
          <input
            type="radio"
            name={field.name}
            value={t}
            checked={field.value === t}
            onChange={() => field.onChange(t)}
            onBlur={field.onBlur}
            ref={index === 0 ? field.ref : undefined}
            className="mt-1 accent-brand-600"
          />
          <span className="grid">
            <span className="text-sm font-medium text-slate-900">{TIPO_AUTORIZACAO_LABEL[t]}</span>
            <span className="text-xs text-slate-600">{TIPO_HINT[t]}</span>
          </span>
        </label>
      ))}
    </div>
  );
}

/** Monday first, as a Brazilian week is read; values are 0 = domingo … 6. */
const SEMANA = [1, 2, 3, 4, 5, 6, 0] as const;

/** The weekdays of a recurring authorisation, Monday first: one checkbox each, marked invalid with the field (also the Área do Morador's form). */
export function DiasDaSemana({
  field,
}: {
  field: Pick<ControllerRenderProps<{ dias_semana: number[] }, "dias_semana">, "value" | "onChange" | "onBlur" | "ref">;
}) {
  const { id, error } = useFormField();
  return (
    <div className="flex flex-wrap gap-x-5 gap-y-2">
      {SEMANA.map((dia) => {
        const diaId = `${id}-${dia}`;
        return (
          <div key={dia} className="flex items-center gap-2">
            <Checkbox
              id={diaId}
              ref={dia === SEMANA[0] ? field.ref : undefined}
              checked={field.value.includes(dia)}
              onCheckedChange={(next) => field.onChange(next ? [...field.value, dia] : field.value.filter((d) => d !== dia))}
              onBlur={field.onBlur}
              aria-invalid={error ? true : undefined}
            />
            <Label htmlFor={diaId} className="capitalize">
              {DIAS_SEMANA_NOMES[dia]}
            </Label>
          </div>
        );
      })}
    </div>
  );
}
