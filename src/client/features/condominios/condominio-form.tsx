import { useId } from "react";
import { useNavigate } from "react-router";
import { formatCep, UFS } from "@shared/br/cep";
import { formatCnpj } from "@shared/br/cnpj";
import { formatPhone, isValidPhone } from "@shared/br/phone";
import { condominioInputSchema, HORAS_SAIDA_NAO_REGISTRADA_PADRAO, RETENCAO_PADRAO_ANOS, type Condominio } from "@shared/schemas/condominios";
import { Card, CardContent } from "~/components/ui/card";
import { FormActions, ReadOnlyNotice } from "~/components/ui/form-actions";
import { Form, FormField } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { FieldFrame, InputField, MaskedField, SelectField, SwitchField } from "~/components/ui/form-field-kit";
import { Input } from "~/components/ui/input";
import { useAuth } from "~/lib/auth";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useCreateCondominio, useUpdateCondominio, type CondominioValues } from "./api";
import { CondominioDeleteButton } from "./condominio-delete-button";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

type FormValues = ZodFormValues<typeof condominioInputSchema>;

const FIELDS: readonly (keyof FormValues)[] = [
  "nome",
  "cnpj",
  "endereco",
  "cidade",
  "estado",
  "cep",
  "telefone",
  "email",
  "sindico_nome",
  "sindico_contato",
  "ativo",
  "retencao_anos",
  "horas_saida_nao_registrada",
];

/** The select's item for "no state" (Radix Select items cannot have an empty value). */
const NO_UF = { value: "none", label: "—" };
const UF_OPTIONS = UFS.map((uf) => ({ value: uf, label: uf }));

/** The síndico's contact is a phone or an e-mail: a phone is shown with its mask, anything else as typed. */
const formatContato = (value: string) => (!value.includes("@") && isValidPhone(value) ? formatPhone(value) : value);

function toFormValues(c?: Condominio): FormValues {
  return {
    nome: c?.nome ?? "",
    cnpj: c?.cnpj ? formatCnpj(c.cnpj) : "",
    endereco: c?.endereco ?? "",
    cidade: c?.cidade ?? "",
    estado: c?.estado ?? "",
    cep: c?.cep ? formatCep(c.cep) : "",
    telefone: c?.telefone ? formatPhone(c.telefone) : "",
    email: c?.email ?? "",
    sindico_nome: c?.sindico_nome ?? "",
    sindico_contato: c?.sindico_contato ? formatContato(c.sindico_contato) : "",
    // §2: a new condominium starts active.
    ativo: c?.ativo ?? true,
    retencao_anos: String(c?.retencao_anos ?? RETENCAO_PADRAO_ANOS),
    horas_saida_nao_registrada: String(c?.horas_saida_nao_registrada ?? HORAS_SAIDA_NAO_REGISTRADA_PADRAO),
  };
}

/**
 * §2 Condominiums: create (no `condominio`) or edit. Without editar_condominios the edit form is
 * read-only and has no Save button; Delete needs excluir_condominios.
 */
export function CondominioForm({ condominio }: { condominio?: Condominio }) {
  const navigate = useNavigate();
  const { can } = useAuth();
  const guard = useActionGuard();
  const create = useCreateCondominio();
  const update = useUpdateCondominio();
  const uid = useId();
  const somenteLeituraId = `${uid}-somente-leitura`;

  const editing = condominio !== undefined;
  const readOnly = editing && !can("editar_condominios");
  const saving = create.isPending || update.isPending;

  const form = useZodForm(condominioInputSchema, { defaultValues: toFormValues(condominio) });
  const { handleSubmit, control, setError, reset } = form;
  const fields = { setError, fields: FIELDS };

  function onValid(values: CondominioValues) {
    if (condominio) {
      if (!guard("editar_condominios")) return;
      update.mutate(
        { id: condominio.id, values },
        saveCallbacks({
          success: SUCCESS_TITLE.condominioAtualizado,
          error: ERROR_TITLE.atualizarCondominio,
          form: fields,
          done: (saved) => reset(toFormValues(saved)),
        }),
      );
    } else {
      if (!guard("criar_condominios")) return;
      create.mutate(
        values,
        saveCallbacks({
          success: SUCCESS_TITLE.condominioCriado,
          error: ERROR_TITLE.criarCondominio,
          form: fields,
          // Back to the list (§2), unless it is closed to this user: then a blank form for the next one.
          done: () => (can("visualizar_condominios") ? navigate(PATHS.condominios) : reset(toFormValues())),
        }),
      );
    }
  }

  return (
    <Card>
      <CardContent className="pt-6">
        <Form {...form}>
          <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-6" aria-describedby={readOnly ? somenteLeituraId : undefined}>
            {readOnly && (
              <ReadOnlyNotice id={somenteLeituraId}>
                Você tem permissão apenas para visualizar este condomínio. Para editar, contate um administrador.
              </ReadOnlyNotice>
            )}

            <fieldset disabled={readOnly} className="grid min-w-0 gap-6">
              <legend className="sr-only">Dados do condomínio</legend>
              <div className="grid gap-5 sm:grid-cols-2">
                <InputField
                  label="Nome"
                  required
                  className="sm:col-span-2"
                  control={control}
                  name="nome"
                  autoComplete="off"
                  maxLength={200}
                  placeholder="Ex.: Residencial Jardim das Flores"
                />
                <MaskedField
                  label="CNPJ"
                  hint="Opcional. Aceita o CNPJ numérico ou alfanumérico."
                  control={control}
                  name="cnpj"
                  mask="cnpj"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={18}
                  placeholder="00.000.000/0000-00"
                />
                <MaskedField
                  label="Telefone"
                  hint="Opcional. Com DDD."
                  control={control}
                  name="telefone"
                  mask="telefone"
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder="(11) 3456-7890"
                />
                <InputField
                  label="Email"
                  className="sm:col-span-2"
                  control={control}
                  name="email"
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  maxLength={254}
                  placeholder="contato@condominio.com.br"
                />
              </div>

              <div className="grid gap-5 border-t border-slate-200 pt-5 sm:grid-cols-6">
                <h2 className="text-base font-semibold text-slate-900 sm:col-span-6">Endereço</h2>
                <InputField
                  label="Endereço"
                  className="sm:col-span-6"
                  control={control}
                  name="endereco"
                  autoComplete="off"
                  maxLength={300}
                  placeholder="Rua, número, bairro, complemento"
                />
                <InputField label="Cidade" className="sm:col-span-3" control={control} name="cidade" autoComplete="off" maxLength={120} />
                <SelectField
                  label="Estado (UF)"
                  className="sm:col-span-1"
                  control={control}
                  name="estado"
                  options={UF_OPTIONS}
                  emptyOption={NO_UF}
                  disabled={readOnly}
                />
                <MaskedField
                  label="CEP"
                  className="sm:col-span-2"
                  control={control}
                  name="cep"
                  mask="cep"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={9}
                  placeholder="00000-000"
                />
              </div>

              <div className="grid gap-5 border-t border-slate-200 pt-5 sm:grid-cols-2">
                <h2 className="text-base font-semibold text-slate-900 sm:col-span-2">Síndico</h2>
                <InputField label="Nome do síndico" control={control} name="sindico_nome" autoComplete="off" maxLength={200} />
                <FormField
                  control={control}
                  name="sindico_contato"
                  render={({ field }) => (
                    <FieldFrame label="Contato do síndico" hint="Telefone com DDD ou email.">
                      <Input
                        {...field}
                        // A phone typed without its mask gets it when the field is left.
                        onBlur={() => {
                          field.onChange(formatContato(field.value.trim()));
                          field.onBlur();
                        }}
                        autoComplete="off"
                        maxLength={254}
                        placeholder="(11) 98765-4321 ou sindico@email.com"
                      />
                    </FieldFrame>
                  )}
                />
              </div>

              <div className="grid gap-5 border-t border-slate-200 pt-5 sm:grid-cols-2">
                <h2 className="text-base font-semibold text-slate-900 sm:col-span-2">Portaria</h2>
                <InputField
                  label="Saída não registrada após (horas)"
                  hint="Visitantes, prestadores e entregadores no condomínio há mais tempo que isso aparecem como 'Saída não registrada'. De 1 a 72."
                  control={control}
                  name="horas_saida_nao_registrada"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={72}
                />
                <InputField
                  label="Retenção dos registros de acesso (anos)"
                  hint="Depois desse prazo, nome, documento e placa dos registros da portaria são apagados; as contagens ficam."
                  control={control}
                  name="retencao_anos"
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={50}
                />
              </div>

              <SwitchField
                label="Ativo"
                hint="Só condomínios ativos aparecem nas listas de escolha e no filtro do painel."
                control={control}
                name="ativo"
                disabled={readOnly}
                className="flex items-center gap-3 border-t border-slate-200 pt-5"
              />
            </fieldset>

            <FormActions
              className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center"
              extra={condominio && can("excluir_condominios") && <CondominioDeleteButton condominio={condominio} disabled={saving} />}
              cancelTo={PATHS.condominios}
              cancelLabel={editing ? "Voltar" : "Cancelar"}
              submitLabel={
                readOnly ? undefined : editing ? (update.isPending ? "Salvando..." : "Salvar alterações") : create.isPending ? "Criando..." : "Criar condomínio"
              }
              saving={saving}
            />
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
