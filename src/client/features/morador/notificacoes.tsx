import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useWatch, type Control } from "react-hook-form";
import {
  CANAL_NOTIFICACAO_ROTULO,
  PREFERENCIAS_TEXTOS,
  preferenciasInputSchema,
  textoDaRegra,
  type Preferencias,
  type PreferenciasDados,
} from "@shared/schemas/notificacoes";
import { Button } from "~/components/ui/button";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormLegend, FormMessage } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField } from "~/components/ui/form-field-kit";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { Switch } from "~/components/ui/switch";
import { api, retryServerErrors } from "~/lib/api";
import { saveCallbacks } from "~/lib/save-callbacks";
import { toast, toastApiError } from "~/lib/toast";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { ativarPush, desativarPush, pushSuportado } from "./push";

// 'Notificações' (gate-operation-spec §3.2): where the resident is told besides the app — this
// phone's notifications, WhatsApp, SMS, e-mail —, the quiet hours, and the standing rule for
// deliveries, for the unit chosen in the header. A channel the portal has not configured, or one
// the resident's record has no phone or e-mail for, is off and says why.

const chave = (unidadeId: string) => ["morador", "preferencias", unidadeId] as const;

export const preferenciasQuery = (unidadeId: string) =>
  queryOptions({
    queryKey: chave(unidadeId),
    queryFn: ({ signal }) => api.GET("/api/morador/unidades/{unidadeId}/preferencias", { params: { path: { unidadeId } }, signal }),
    retry: retryServerErrors,
  });

function useSalvarPreferencias(unidadeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PreferenciasDados) => api.PUT("/api/morador/unidades/{unidadeId}/preferencias", { params: { path: { unidadeId } }, body }),
    onSuccess: (salvas) => client.setQueryData(chave(unidadeId), salvas),
  });
}

type Valores = ZodFormValues<typeof preferenciasInputSchema>;
const CAMPOS = ["push", "whatsapp", "sms", "email", "silencio_de", "silencio_ate", "regra_entregas", "regra_de", "regra_ate"] as const;

const valoresDe = (p: Preferencias): Valores => ({
  push: p.push,
  whatsapp: p.whatsapp,
  sms: p.sms,
  email: p.email,
  silencio_de: p.silencio_de ?? "",
  silencio_ate: p.silencio_ate ?? "",
  regra_entregas: p.regra_entregas,
  regra_de: p.regra_de ?? "",
  regra_ate: p.regra_ate ?? "",
});

export const INDISPONIVEL = "Indisponível neste condomínio";

/** Why a channel cannot be turned on, or null when it can. */
function motivoIndisponivel(canal: "push" | "whatsapp" | "sms" | "email", p: Preferencias): string | null {
  if (!p.canais_disponiveis[canal]) return INDISPONIVEL;
  if (canal === "push" && !pushSuportado()) return "Indisponível neste navegador";
  if ((canal === "whatsapp" || canal === "sms") && !p.tem_celular) return "Cadastre um celular com a administração";
  if (canal === "email" && !p.tem_email) return "Cadastre um email com a administração";
  return null;
}

const DICAS: Record<"push" | "whatsapp" | "sms" | "email", string> = {
  push: "Neste aparelho, mesmo com o app fechado.",
  whatsapp: "Se você não responder no app em 15 segundos.",
  sms: "Se você não responder no app em 30 segundos.",
  email: "Com o link para liberar ou recusar.",
};

/** The screen's form for one unit, once its preferences are loaded. */
export function PreferenciasDaUnidade({ unidadeId }: { unidadeId: string }) {
  const query = useQuery(preferenciasQuery(unidadeId));
  useQueryErrorToast(query.error, PREFERENCIAS_TEXTOS.carregar);
  if (query.isPending) return <Loading />;
  if (query.isError) return <ListError error={query.error} />;
  return <PreferenciasForm key={unidadeId} unidadeId={unidadeId} preferencias={query.data} />;
}

function PreferenciasForm({ unidadeId, preferencias }: { unidadeId: string; preferencias: Preferencias }) {
  const salvar = useSalvarPreferencias(unidadeId);
  const form = useZodForm(preferenciasInputSchema, { defaultValues: valoresDe(preferencias) });
  const { control, handleSubmit, setError, reset } = form;
  const regra = useWatch({ control, name: "regra_entregas" });

  function onValid(dados: PreferenciasDados) {
    salvar.mutate(
      dados,
      saveCallbacks({
        success: PREFERENCIAS_TEXTOS.salvas,
        error: PREFERENCIAS_TEXTOS.salvar,
        form: { setError, fields: CAMPOS },
        done: (salvas) => reset(valoresDe(salvas)),
      }),
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-6" aria-label="Notificações">
        <Secao titulo="Canais" descricao="No app você vê os pedidos da portaria sempre. Escolha onde mais quer ser avisado.">
          <div className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4">
            {(["push", "whatsapp", "sms", "email"] as const).map((canal) =>
              canal === "push" ? (
                <PushSwitch key={canal} control={control} motivo={motivoIndisponivel(canal, preferencias)} />
              ) : (
                <CanalSwitch key={canal} control={control} canal={canal} motivo={motivoIndisponivel(canal, preferencias)} />
              ),
            )}
          </div>
        </Secao>

        <Secao titulo="Horário de silêncio" descricao="Sem WhatsApp, SMS nem email neste horário (24 h, HH:mm). Deixe em branco para nenhum.">
          <div className="grid grid-cols-2 gap-4 rounded-lg border border-slate-200 bg-white p-4">
            <HoraField control={control} name="silencio_de" label="De" />
            <HoraField control={control} name="silencio_ate" label="Até" />
          </div>
        </Secao>

        <FormField
          control={control}
          name="regra_entregas"
          render={({ field }) => (
            <FormItem as="fieldset" className="grid gap-2">
              <FormLegend className="text-lg font-semibold">Regra das entregas</FormLegend>
              <FormDescription>Quando chega uma entrega para a sua unidade.</FormDescription>
              <div className="grid gap-2">
                {(["sempre_perguntar", "liberar_sempre"] as const).map((opcao, index) => (
                  <label
                    key={opcao}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border border-slate-300 bg-white p-4 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-500"
                  >
                    <input
                      type="radio"
                      name={field.name}
                      value={opcao}
                      checked={field.value === opcao}
                      onChange={() => field.onChange(opcao)}
                      onBlur={field.onBlur}
                      ref={index === 0 ? field.ref : undefined}
                      className="mt-1 h-4 w-4 accent-brand-600"
                    />
                    <span className="text-sm font-medium text-slate-900">
                      {opcao === "sempre_perguntar" ? "Sempre perguntar" : "Entregas: liberar sempre (das HH:mm às HH:mm)"}
                    </span>
                  </label>
                ))}
              </div>
              <FormMessage />
            </FormItem>
          )}
        />
        {regra === "liberar_sempre" && (
          <div className="-mt-3 grid gap-2 rounded-lg border border-slate-200 bg-white p-4">
            <div className="grid grid-cols-2 gap-4">
              <HoraField control={control} name="regra_de" label="Liberar das" />
              <HoraField control={control} name="regra_ate" label="Liberar até" />
            </div>
            <RegraResumo control={control} />
          </div>
        )}

        <Button type="submit" disabled={salvar.isPending} className="w-full sm:w-fit">
          Salvar
        </Button>
      </form>
    </Form>
  );
}

/** The rule as the console will quote it, as typed. */
function RegraResumo({ control }: { control: Control<Valores, unknown, PreferenciasDados> }) {
  const [regra_de, regra_ate] = useWatch({ control, name: ["regra_de", "regra_ate"] });
  return (
    <p className="text-sm text-slate-700" aria-live="polite">
      {textoDaRegra({ regra_entregas: "liberar_sempre", regra_de: regra_de || "HH:mm", regra_ate: regra_ate || "HH:mm" })}
    </p>
  );
}

function Secao({ titulo, descricao, children }: { titulo: string; descricao: string; children: ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-2">
      <legend className="mb-1 text-lg font-semibold text-slate-900">{titulo}</legend>
      <p className="text-sm text-slate-600">{descricao}</p>
      {children}
    </fieldset>
  );
}

function HoraField({
  control,
  name,
  label,
}: {
  control: Control<Valores, unknown, PreferenciasDados>;
  name: "silencio_de" | "silencio_ate" | "regra_de" | "regra_ate";
  label: string;
}) {
  return <InputField control={control} name={name} label={label} placeholder="HH:mm" inputMode="numeric" autoComplete="off" maxLength={5} />;
}

/** One channel's switch: off and disabled, with the reason, when it cannot be used. */
function CanalSwitch({
  control,
  canal,
  motivo,
  onMudar,
  ocupado,
}: {
  control: Control<Valores, unknown, PreferenciasDados>;
  canal: "push" | "whatsapp" | "sms" | "email";
  motivo: string | null;
  onMudar?: (ligado: boolean, aplicar: (valor: boolean) => void) => void;
  ocupado?: boolean;
}) {
  return (
    <FormField
      control={control}
      name={canal}
      render={({ field }) => (
        <FormItem className="flex items-center justify-between gap-3">
          <div className="grid gap-0.5">
            <FormLabel>{CANAL_NOTIFICACAO_ROTULO[canal]}</FormLabel>
            <FormDescription>{motivo ?? DICAS[canal]}</FormDescription>
            <FormMessage />
          </div>
          <FormControl>
            <Switch
              ref={field.ref}
              name={field.name}
              checked={motivo ? false : field.value}
              onCheckedChange={(ligado) => (onMudar ? onMudar(ligado, field.onChange) : field.onChange(ligado))}
              onBlur={field.onBlur}
              disabled={Boolean(motivo) || ocupado}
            />
          </FormControl>
        </FormItem>
      )}
    />
  );
}

/**
 * 'Notificação no celular': turning it on asks this browser's permission and subscribes it
 * (public/morador-sw.js); off unsubscribes it. The choice itself is saved with 'Salvar'.
 */
function PushSwitch({ control, motivo }: { control: Control<Valores, unknown, PreferenciasDados>; motivo: string | null }) {
  const [ocupado, setOcupado] = useState(false);
  function mudar(ligado: boolean, aplicar: (valor: boolean) => void) {
    setOcupado(true);
    (ligado ? ativarPush() : desativarPush().then(() => "ok" as const))
      .then((resultado) => {
        if (resultado === "ok") aplicar(ligado);
        else
          toast({
            title: resultado === "negado" ? PREFERENCIAS_TEXTOS.pushNegado : PREFERENCIAS_TEXTOS.pushIndisponivel,
            variant: "destructive",
          });
      })
      .catch((error: unknown) => toastApiError(PREFERENCIAS_TEXTOS.salvar, error))
      .finally(() => setOcupado(false));
  }
  return <CanalSwitch control={control} canal="push" motivo={motivo} onMudar={mudar} ocupado={ocupado} />;
}
