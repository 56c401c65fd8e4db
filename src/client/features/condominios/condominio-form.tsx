import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { useNavigate } from "react-router";
import { formatCep, UFS } from "@shared/br/cep";
import { formatCnpj } from "@shared/br/cnpj";
import { formatPhone, isValidPhone } from "@shared/br/phone";
import { condominioInputSchema, HORAS_SAIDA_NAO_REGISTRADA_PADRAO, RETENCAO_PADRAO_ANOS, type Condominio } from "@shared/schemas/condominios";
import { Card, CardContent } from "~/components/ui/card";
import { FormActions, ReadOnlyNotice } from "~/components/ui/form-actions";
import { fieldAria, FormField, toastFormErrors } from "~/components/ui/form-field";
import { InputField, MaskedField, SelectField, SwitchField } from "~/components/ui/form-field-kit";
import { Input } from "~/components/ui/input";
import { useAuth } from "~/lib/auth";
import { useActionGuard } from "~/lib/use-action-guard";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useCreateCondominio, useUpdateCondominio, type CondominioValues } from "./api";
import { CondominioDeleteButton } from "./condominio-delete-button";
import { PATHS } from "~/lib/paths";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

interface FormValues {
  nome: string;
  cnpj: string;
  endereco: string;
  cidade: string;
  estado: string;
  cep: string;
  telefone: string;
  email: string;
  sindico_nome: string;
  sindico_contato: string;
  ativo: boolean;
  retencao_anos: string;
  horas_saida_nao_registrada: string;
}

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

const resolver = zodResolver(condominioInputSchema) as unknown as Resolver<FormValues, unknown, CondominioValues>;

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
  const ids = {
    nome: `${uid}-nome`,
    cnpj: `${uid}-cnpj`,
    endereco: `${uid}-endereco`,
    cidade: `${uid}-cidade`,
    estado: `${uid}-estado`,
    cep: `${uid}-cep`,
    telefone: `${uid}-telefone`,
    email: `${uid}-email`,
    sindicoNome: `${uid}-sindico-nome`,
    sindicoContato: `${uid}-sindico-contato`,
    ativo: `${uid}-ativo`,
    retencao: `${uid}-retencao`,
    horasSaida: `${uid}-horas-saida`,
    somenteLeitura: `${uid}-somente-leitura`,
  };

  const editing = condominio !== undefined;
  const readOnly = editing && !can("editar_condominios");
  const saving = create.isPending || update.isPending;

  const { register, handleSubmit, control, formState, setError, reset } = useForm<FormValues, unknown, CondominioValues>({
    resolver,
    defaultValues: toFormValues(condominio),
  });
  const errors = formState.errors;
  const form = { setError, fields: FIELDS };

  function onValid(values: CondominioValues) {
    if (condominio) {
      if (!guard("editar_condominios")) return;
      update.mutate(
        { id: condominio.id, values },
        saveCallbacks({
          success: SUCCESS_TITLE.condominioAtualizado,
          error: ERROR_TITLE.atualizarCondominio,
          form,
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
          form,
          // Back to the list (§2), unless it is closed to this user: then a blank form for the next one.
          done: () => (can("visualizar_condominios") ? navigate(PATHS.condominios) : reset(toFormValues())),
        }),
      );
    }
  }

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-6" aria-describedby={readOnly ? ids.somenteLeitura : undefined}>
          {readOnly && (
            <ReadOnlyNotice id={ids.somenteLeitura}>
              Você tem permissão apenas para visualizar este condomínio. Para editar, contate um administrador.
            </ReadOnlyNotice>
          )}

          <fieldset disabled={readOnly} className="grid min-w-0 gap-6">
            <legend className="sr-only">Dados do condomínio</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <InputField
                id={ids.nome}
                label="Nome"
                required
                error={errors.nome?.message}
                className="sm:col-span-2"
                registration={register("nome")}
                autoComplete="off"
                maxLength={200}
                placeholder="Ex.: Residencial Jardim das Flores"
              />
              <MaskedField
                id={ids.cnpj}
                label="CNPJ"
                error={errors.cnpj?.message}
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
                id={ids.telefone}
                label="Telefone"
                error={errors.telefone?.message}
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
                id={ids.email}
                label="Email"
                error={errors.email?.message}
                className="sm:col-span-2"
                registration={register("email")}
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
                id={ids.endereco}
                label="Endereço"
                error={errors.endereco?.message}
                className="sm:col-span-6"
                registration={register("endereco")}
                autoComplete="off"
                maxLength={300}
                placeholder="Rua, número, bairro, complemento"
              />
              <InputField
                id={ids.cidade}
                label="Cidade"
                error={errors.cidade?.message}
                className="sm:col-span-3"
                registration={register("cidade")}
                autoComplete="off"
                maxLength={120}
              />
              <SelectField
                id={ids.estado}
                label="Estado (UF)"
                error={errors.estado?.message}
                className="sm:col-span-1"
                control={control}
                name="estado"
                options={UF_OPTIONS}
                emptyOption={NO_UF}
                disabled={readOnly}
              />
              <MaskedField
                id={ids.cep}
                label="CEP"
                error={errors.cep?.message}
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
              <InputField
                id={ids.sindicoNome}
                label="Nome do síndico"
                error={errors.sindico_nome?.message}
                registration={register("sindico_nome")}
                autoComplete="off"
                maxLength={200}
              />
              <FormField id={ids.sindicoContato} label="Contato do síndico" error={errors.sindico_contato?.message} hint="Telefone com DDD ou email.">
                <Controller
                  control={control}
                  name="sindico_contato"
                  render={({ field }) => (
                    <Input
                      {...fieldAria(ids.sindicoContato, { error: errors.sindico_contato?.message, hint: true })}
                      name={field.name}
                      ref={field.ref}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={() => {
                        field.onChange(formatContato(field.value.trim()));
                        field.onBlur();
                      }}
                      autoComplete="off"
                      maxLength={254}
                      placeholder="(11) 98765-4321 ou sindico@email.com"
                    />
                  )}
                />
              </FormField>
            </div>

            <div className="grid gap-5 border-t border-slate-200 pt-5 sm:grid-cols-2">
              <h2 className="text-base font-semibold text-slate-900 sm:col-span-2">Portaria</h2>
              <InputField
                id={ids.horasSaida}
                label="Saída não registrada após (horas)"
                error={errors.horas_saida_nao_registrada?.message}
                hint="Visitantes, prestadores e entregadores no condomínio há mais tempo que isso aparecem como 'Saída não registrada'. De 1 a 72."
                registration={register("horas_saida_nao_registrada")}
                type="number"
                inputMode="numeric"
                min={1}
                max={72}
              />
              <InputField
                id={ids.retencao}
                label="Retenção dos registros de acesso (anos)"
                error={errors.retencao_anos?.message}
                hint="Depois desse prazo, nome, documento e placa dos registros da portaria são apagados; as contagens ficam."
                registration={register("retencao_anos")}
                type="number"
                inputMode="numeric"
                min={1}
                max={50}
              />
            </div>

            <SwitchField
              id={ids.ativo}
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
      </CardContent>
    </Card>
  );
}
