import type { ControllerRenderProps } from "react-hook-form";
import { DIAS_SEMANA_NOMES, SITUACAO_AUTORIZACAO_LABEL, type SituacaoAutorizacao, type TipoAutorizacao } from "@shared/schemas/visitantes";
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
