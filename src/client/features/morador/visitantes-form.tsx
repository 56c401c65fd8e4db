import { useWatch } from "react-hook-form";
import { SUCCESS_TITLE } from "@shared/messages";
import { MORADOR_VISITANTES_TEXTOS, passeInputSchema, type Passe } from "@shared/schemas/morador-visitantes";
import { today } from "@shared/time";
import { DocumentoFields } from "~/components/portaria/documento-fields";
import { Button } from "~/components/ui/button";
import { DateField, TimeField } from "~/components/ui/date-time-field";
import { Form, FormDescription, FormField, FormItem, FormLegend, FormMessage } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField } from "~/components/ui/form-field-kit";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { DiasDaSemana, TiposDeAutorizacao } from "~/components/portaria/autorizacao-visita";
import { useCriarPasse } from "./visitantes-api";

/** The schema's input as the inputs hold it; the weekdays are ticked as numbers (0 = domingo). */
type Valores = Omit<ZodFormValues<typeof passeInputSchema>, "dias_semana"> & { dias_semana: number[] };

const CAMPOS = [
  "nome_visitante",
  "documento_tipo",
  "documento_numero",
  "email",
  "tipo",
  "valido_de",
  "valido_ate",
  "dias_semana",
  "hora_inicio",
  "hora_fim",
] as const;

/** Only what the chosen type takes reaches the schema (as in the staff form): 'Única' is one day, 'Período' has no weekdays. */
function aplicaveis(v: Valores): Valores {
  if (v.tipo === "unica") return { ...v, valido_ate: "", dias_semana: [] };
  if (v.tipo === "periodo") return { ...v, dias_semana: [] };
  return v;
}

const vazio: Valores = {
  nome_visitante: "",
  documento_tipo: "",
  documento_numero: "",
  telefone: "",
  email: "",
  placa: "",
  tipo: "unica",
  valido_de: today(),
  valido_ate: "",
  dias_semana: [],
  hora_inicio: "",
  hora_fim: "",
  max_entradas: "",
  observacoes: "",
};

/**
 * 'Nova autorização' of the Área do Morador: type, name, document (optional), e-mail (for 'Enviar
 * por email'), and the dates, weekdays and hours the type needs; dd/MM/yyyy and 24 h. The same
 * schema and rules as the staff form; the unit and who authorises are the resident's own.
 */
export function NovoPasseForm({ unidadeId, onCriado, onFechar }: { unidadeId: string; onCriado: (p: Passe) => void; onFechar: () => void }) {
  const criar = useCriarPasse(unidadeId);
  const form = useZodForm<typeof passeInputSchema, Valores>(passeInputSchema, { prepare: aplicaveis, defaultValues: vazio });
  const { handleSubmit, control, setError } = form;
  const tipo = useWatch({ control, name: "tipo" });

  function enviar(dados: Parameters<ReturnType<typeof useCriarPasse>["mutate"]>[0]) {
    criar.mutate(
      dados,
      saveCallbacks({
        success: SUCCESS_TITLE.autorizacaoCriada,
        error: MORADOR_VISITANTES_TEXTOS.criar,
        form: { setError, fields: CAMPOS },
        done: (criado: Passe) => onCriado(criado),
      }),
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(enviar, toastFormErrors)} noValidate className="grid gap-5" aria-label="Nova autorização">
        <FormField
          control={control}
          name="tipo"
          render={({ field }) => (
            <FormItem as="fieldset" required className="grid gap-2">
              <FormLegend>Tipo</FormLegend>
              <TiposDeAutorizacao field={field} className="bg-white" />
              <FormMessage />
            </FormItem>
          )}
        />

        <InputField label="Nome do visitante" required control={control} name="nome_visitante" autoComplete="off" maxLength={200} />
        <div className="grid gap-5 sm:grid-cols-2">
          <DocumentoFields labels={{ tipo: "Tipo de documento", numero: "Número do documento", semTipo: "Não informado" }} />
        </div>
        <InputField
          label="Email do visitante"
          hint="Opcional: para enviar o código e o QR Code por email."
          control={control}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="off"
          maxLength={254}
        />

        <div className="grid gap-5 sm:grid-cols-2">
          <DateField label={tipo === "unica" ? "Data da visita" : "Válida de"} required control={control} name="valido_de" />
          {tipo !== "unica" && <DateField label="Válida até" required hint="Último dia da autorização." control={control} name="valido_ate" />}
        </div>

        {tipo === "recorrente" && (
          <FormField
            control={control}
            name="dias_semana"
            render={({ field }) => (
              <FormItem as="fieldset" required className="grid gap-2">
                <FormLegend>Dias da semana</FormLegend>
                <DiasDaSemana field={field} />
                <FormDescription>Ex.: uma diarista às segundas e quintas.</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
        )}

        <div className="grid grid-cols-2 gap-5">
          <TimeField
            label="Hora início"
            required={tipo === "recorrente"}
            hint={tipo === "recorrente" ? undefined : "Opcional."}
            control={control}
            name="hora_inicio"
          />
          <TimeField
            label="Hora fim"
            required={tipo === "recorrente"}
            hint={tipo === "recorrente" ? undefined : "Opcional."}
            control={control}
            name="hora_fim"
          />
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="outline" onClick={onFechar} disabled={criar.isPending}>
            Voltar
          </Button>
          <Button type="submit" disabled={criar.isPending}>
            {criar.isPending ? "Salvando..." : "Criar autorização"}
          </Button>
        </div>
      </form>
    </Form>
  );
}
