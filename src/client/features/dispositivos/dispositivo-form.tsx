import { Plus, Trash2 } from "lucide-react";
import { useFieldArray, useWatch, type Path } from "react-hook-form";
import { useNavigate } from "react-router";
import type { CondominioOption } from "@shared/schemas/painel";
import {
  CONEXAO_ROTULO,
  CONEXOES,
  DISPOSITIVOS_TEXTOS,
  dispositivoInputSchema,
  FABRICANTE_ROTULO,
  FABRICANTES,
  MAX_PORTAS,
  SENTIDO_PORTA_ROTULO,
  SENTIDOS_PORTA,
  type Dispositivo,
} from "@shared/schemas/dispositivos";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { FormActions } from "~/components/ui/form-actions";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, PasswordField, SelectField, SelectOptions, SwitchField } from "~/components/ui/form-field-kit";
import { Select, SelectTrigger, SelectValue } from "~/components/ui/select";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { DISPOSITIVOS_PATHS, useAtualizarDispositivo, useCriarDispositivo, type DispositivoValues } from "./api";
import { DispositivoDeleteButton } from "./dispositivo-delete-button";

type FormValues = ZodFormValues<typeof dispositivoInputSchema>;

const FIELDS: readonly Path<FormValues>[] = [
  "condominio_id",
  "nome",
  "fabricante",
  "modelo",
  "conexao",
  "endereco",
  "usuario",
  "senha",
  "portas",
  "sensor_porta",
  "ativo",
];

/** A new device starts with one entrance door, the most common gate. */
const PORTA_NOVA = { numero: 1, nome: "Portão social", sentido: "entrada" as const };

function toFormValues(d?: Dispositivo): FormValues {
  return {
    condominio_id: d?.condominio.id ?? "",
    nome: d?.nome ?? "",
    fabricante: d?.fabricante ?? "controlid",
    modelo: d?.modelo ?? "",
    conexao: d?.conexao ?? "direta",
    endereco: d?.endereco ?? "",
    usuario: d?.usuario ?? "",
    senha: "",
    portas: d?.portas ?? [PORTA_NOVA],
    sensor_porta: d?.sensor_porta ?? false,
    ativo: d?.ativo ?? true,
  };
}

const NUMEROS = Array.from({ length: MAX_PORTAS }, (_, i) => ({ value: String(i + 1), label: String(i + 1) }));

/**
 * gate-operation-spec §2.1: one form for a new device (no `dispositivo`) and an edit. The
 * password is never shown: on an edit, blank keeps the stored one. After saving a new device, its
 * page (with the integration address the technician types into the device).
 */
export function DispositivoForm({ dispositivo, condominios }: { dispositivo?: Dispositivo; condominios: readonly CondominioOption[] | undefined }) {
  const navigate = useNavigate();
  const criar = useCriarDispositivo();
  const atualizar = useAtualizarDispositivo();
  const saving = criar.isPending || atualizar.isPending;
  const form = useZodForm(dispositivoInputSchema, { defaultValues: toFormValues(dispositivo) });
  const { control, handleSubmit, setError, reset } = form;
  const portas = useFieldArray({ control, name: "portas" });
  const conexao = useWatch({ control, name: "conexao" });

  // A device of a condominium deactivated meanwhile keeps showing it.
  const options = condominios ?? [];
  const current = dispositivo?.condominio;
  const condominioOptions =
    current && !options.some((c) => c.id === current.id) ? [...options, { id: current.id, nome: `${current.nome} (inativo)` }] : options;

  function onValid(values: DispositivoValues) {
    const fields = { setError, fields: FIELDS };
    if (dispositivo) {
      atualizar.mutate(
        { id: dispositivo.id, values },
        saveCallbacks({ success: DISPOSITIVOS_TEXTOS.salvo, error: DISPOSITIVOS_TEXTOS.salvar, form: fields, done: (saved) => reset(toFormValues(saved)) }),
      );
    } else {
      criar.mutate(
        values,
        saveCallbacks({
          success: DISPOSITIVOS_TEXTOS.criado,
          error: DISPOSITIVOS_TEXTOS.criar,
          form: fields,
          done: (created) => navigate(DISPOSITIVOS_PATHS.dispositivo(created.id), { replace: true }),
        }),
      );
    }
  }

  const proximoNumero = () => NUMEROS.map((n) => Number(n.value)).find((n) => !form.getValues("portas").some((p) => p.numero === n)) ?? MAX_PORTAS;

  return (
    <Card>
      <CardContent className="pt-6">
        <Form {...form}>
          <form
            onSubmit={handleSubmit(onValid, toastFormErrors)}
            noValidate
            className="grid gap-6"
            aria-label={dispositivo ? "Dados do dispositivo" : "Novo dispositivo"}
          >
            <fieldset className="grid min-w-0 gap-5 sm:grid-cols-2">
              <legend className="sr-only">Dados do dispositivo</legend>
              <InputField
                label="Nome"
                required
                hint="Como o console e os alarmes o chamam: 'Portão social', 'Garagem'."
                control={control}
                name="nome"
                maxLength={100}
                autoComplete="off"
              />
              <SelectField
                label="Condomínio"
                required
                control={control}
                name="condominio_id"
                placeholder="Selecione"
                options={condominioOptions.map((c) => ({ value: c.id, label: c.nome }))}
              />
              <SelectField
                label="Fabricante"
                required
                control={control}
                name="fabricante"
                options={FABRICANTES.map((f) => ({ value: f, label: FABRICANTE_ROTULO[f] }))}
              />
              <InputField label="Modelo" required control={control} name="modelo" maxLength={60} autoComplete="off" placeholder="Ex.: iDFace, SS 3530" />
              <SelectField
                label="Conexão"
                required
                className="sm:col-span-2"
                control={control}
                name="conexao"
                options={CONEXOES.map((c) => ({ value: c, label: CONEXAO_ROTULO[c] }))}
                hint={conexao === "saida" ? "Para dispositivos atrás de NAT: o dispositivo chama o endereço de integração." : undefined}
              />
              <InputField
                label="Endereço do dispositivo"
                required={conexao === "direta"}
                hint="Na rede do condomínio, como o portal o alcança: http://192.168.0.10 ou https://host:porta."
                className="sm:col-span-2"
                control={control}
                name="endereco"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                maxLength={200}
              />
              <InputField label="Usuário do dispositivo" control={control} name="usuario" autoComplete="off" spellCheck={false} maxLength={60} />
              <PasswordField
                label="Senha do dispositivo"
                hint={dispositivo?.senha_definida ? "Guardada cifrada. Em branco, mantém a atual." : "Guardada cifrada; nunca é exibida."}
                control={control}
                name="senha"
                autoComplete="new-password"
                maxLength={128}
              />
            </fieldset>

            <fieldset className="grid min-w-0 gap-3">
              <legend className="text-base font-semibold text-slate-900">Portas</legend>
              <ul className="grid gap-3">
                {portas.fields.map((porta, index) => (
                  <li key={porta.id} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-[6rem_1fr_10rem_auto] sm:items-start">
                    <FormField
                      control={control}
                      name={`portas.${index}.numero`}
                      render={({ field }) => (
                        <FormItem required>
                          <FormLabel>Número</FormLabel>
                          <Select value={String(field.value)} onValueChange={(v) => field.onChange(Number(v))} name={field.name}>
                            <FormControl>
                              <SelectTrigger ref={field.ref} onBlur={field.onBlur}>
                                <SelectValue />
                              </SelectTrigger>
                            </FormControl>
                            <SelectOptions options={NUMEROS} />
                          </Select>
                          <FormMessage />
                        </FormItem>
                      )}
                    />
                    <InputField label="Nome da porta" required control={control} name={`portas.${index}.nome`} maxLength={60} autoComplete="off" />
                    <SelectField
                      label="Sentido"
                      required
                      control={control}
                      name={`portas.${index}.sentido`}
                      options={SENTIDOS_PORTA.map((s) => ({ value: s, label: SENTIDO_PORTA_ROTULO[s] }))}
                    />
                    <Button
                      type="button"
                      variant="ghost"
                      className="sm:mt-7"
                      disabled={portas.fields.length === 1}
                      onClick={() => portas.remove(index)}
                      aria-label={`Remover a porta ${index + 1}`}
                    >
                      <Trash2 aria-hidden /> Remover
                    </Button>
                  </li>
                ))}
              </ul>
              {portas.fields.length < MAX_PORTAS && (
                <Button
                  type="button"
                  variant="outline"
                  className="justify-self-start"
                  onClick={() => portas.append({ numero: proximoNumero(), nome: "", sentido: "entrada" })}
                >
                  <Plus aria-hidden /> Adicionar porta
                </Button>
              )}
              <SwitchField
                label="Sensor de porta"
                hint="Com sensor, o console mostra 'Portão aberto' e 'Portão fechado'; sem ele, só 'Comando executado'."
                control={control}
                name="sensor_porta"
              />
              <SwitchField label="Ativo" hint="Um dispositivo inativo não recebe comandos nem é ouvido." control={control} name="ativo" />
            </fieldset>

            <FormActions
              className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center"
              extra={dispositivo && <DispositivoDeleteButton dispositivo={dispositivo} disabled={saving} />}
              cancelTo={DISPOSITIVOS_PATHS.lista}
              cancelLabel="Voltar"
              submitLabel={saving ? "Salvando..." : dispositivo ? "Salvar alterações" : "Cadastrar dispositivo"}
              saving={saving}
            />
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
