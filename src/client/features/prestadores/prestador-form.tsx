import { useEffect, useId } from "react";
import { useWatch, type Path } from "react-hook-form";
import { useNavigate } from "react-router";
import { formatPhone } from "@shared/br/phone";
import type { CondominioOption } from "@shared/schemas/painel";
import { prestadorInputSchema, type Prestador } from "@shared/schemas/prestadores";
import { Card, CardContent } from "~/components/ui/card";
import { FormActions, ReadOnlyNotice } from "~/components/ui/form-actions";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, MaskedField, SelectField, SwitchField, TextareaField } from "~/components/ui/form-field-kit";
import { DateField } from "~/components/ui/date-time-field";
import { ERROR_TITLE, MSG, SUCCESS_TITLE } from "@shared/messages";
import { useAuth } from "~/lib/auth";
import { toDateInput } from "@shared/time";
import { situacaoPrestador } from "@shared/prestador-situacao";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useCreatePrestador, useUpdatePrestador, type PrestadorValues } from "./api";
import { formatCpfOuCnpj } from "./format";
import { PrestadorDeleteButton } from "./prestador-delete-button";
import { SituacaoBadge } from "./situacao-badge";
import { PATHS } from "~/lib/paths";

type FormValues = ZodFormValues<typeof prestadorInputSchema>;

const FIELDS: readonly Path<FormValues>[] = [
  "nome_empresa_profissional",
  "cnpj_cpf",
  "telefone",
  "email",
  "tipo_servico",
  "data_inicio_autorizacao",
  "data_fim_autorizacao",
  "condominio_id",
  "observacoes",
  "ativo",
];

/** The select's item for 'Geral (Sem Vínculo)' (Radix Select items cannot have an empty value). */
const GERAL = { value: "geral", label: "Geral (Sem Vínculo)" };

/** Dates are cut to YYYY-MM-DD when loaded into the form (§5). */
function toFormValues(p?: Prestador): FormValues {
  return {
    nome_empresa_profissional: p?.nome_empresa_profissional ?? "",
    cnpj_cpf: p?.cnpj_cpf ? formatCpfOuCnpj(p.cnpj_cpf) : "",
    telefone: p?.telefone ? formatPhone(p.telefone) : "",
    email: p?.email ?? "",
    tipo_servico: p?.tipo_servico ?? "",
    data_inicio_autorizacao: toDateInput(p?.data_inicio_autorizacao),
    data_fim_autorizacao: toDateInput(p?.data_fim_autorizacao),
    condominio_id: p?.condominio_id ?? "",
    observacoes: p?.observacoes ?? "",
    ativo: p?.ativo ?? true,
  };
}

/**
 * §2 Providers: one form for create (no `prestador`) and edit. Editing without
 * editar_prestadores_servico shows the data read-only with the view-only notice; Delete needs
 * excluir_prestadores_servico. After saving, back to the list.
 */
export function PrestadorForm({ prestador, condominios }: { prestador?: Prestador; condominios: readonly CondominioOption[] | undefined }) {
  const navigate = useNavigate();
  const { can, profile } = useAuth();
  const guard = useActionGuard();
  const create = useCreatePrestador();
  const update = useUpdatePrestador();
  const uid = useId();
  const ids = { somenteLeitura: `${uid}-somente-leitura`, situacao: `${uid}-situacao` };

  const editing = prestador !== undefined;
  // A 'Geral' provider holds for every condominium: only who serves them all sets or changes one (gatehouse-spec §2).
  const servesAll = profile?.acesso_todos_condominios ?? false;
  const geralOutOfReach = editing && prestador.condominio_id === null && !servesAll;
  const readOnly = editing && (!can("editar_prestadores_servico") || geralOutOfReach);
  const saving = create.isPending || update.isPending;

  // Pick-lists offer active condominiums only (§4); a provider already linked to one that was
  // deactivated keeps showing it.
  const options = condominios ?? [];
  const current = prestador?.condominio;
  const condominioOptions =
    current && !options.some((c) => c.id === current.id)
      ? [...options, { id: current.id, nome: condominios ? `${current.nome} (inativo)` : current.nome }]
      : options;

  const form = useZodForm(prestadorInputSchema, { defaultValues: toFormValues(prestador) });
  const { handleSubmit, control, setError, reset, getValues, setValue } = form;
  // Who serves a single condominium creates its providers there ('Geral' is not theirs to give),
  // once the condominiums have loaded.
  const onlyCondominio = !prestador && !servesAll && options.length === 1 ? options[0]!.id : null;
  useEffect(() => {
    if (onlyCondominio && !getValues("condominio_id")) setValue("condominio_id", onlyCondominio);
  }, [onlyCondominio, getValues, setValue]);
  const inicio = useWatch({ control, name: "data_inicio_autorizacao" });
  const fim = useWatch({ control, name: "data_fim_autorizacao" });

  // After saving, back to the list (§2) — unless the list is closed to this user (create or edit
  // without view): then the page stays, and the success toast is not replaced by 'Acesso Negado'.
  const canViewList = can("visualizar_prestadores_servico");

  function onValid(values: PrestadorValues) {
    const error = ERROR_TITLE.salvarPrestador;
    const fields = { setError, fields: FIELDS };
    // Staying: the saved values on edit, a blank form for the next one on create.
    const after = (next: FormValues) => (canViewList ? navigate(PATHS.prestadores) : reset(next));
    if (prestador) {
      if (!guard("editar_prestadores_servico")) return;
      update.mutate(
        { id: prestador.id, values },
        saveCallbacks({ success: SUCCESS_TITLE.prestadorAtualizado, error, form: fields, done: (saved) => after(toFormValues(saved)) }),
      );
    } else {
      if (!guard("criar_prestadores_servico")) return;
      create.mutate(values, saveCallbacks({ success: SUCCESS_TITLE.prestadorCadastrado, error, form: fields, done: () => after(toFormValues()) }));
    }
  }

  return (
    <Card>
      <CardContent className="pt-6">
        <Form {...form}>
          <form
            onSubmit={handleSubmit(onValid, toastFormErrors)}
            noValidate
            className="grid gap-6"
            aria-describedby={readOnly ? ids.somenteLeitura : undefined}
          >
            {readOnly && (
              <ReadOnlyNotice id={ids.somenteLeitura}>
                {geralOutOfReach
                  ? MSG.prestadorGeralNeedsAll.message
                  : "Você tem permissão apenas para visualizar este prestador. Para editar, contate um administrador."}
              </ReadOnlyNotice>
            )}

            <fieldset disabled={readOnly} className="grid min-w-0 gap-5 sm:grid-cols-2">
              <legend className="sr-only">Dados do prestador</legend>
              <InputField
                label="Nome/Empresa"
                required
                hint="Nome da empresa ou do profissional."
                className="sm:col-span-2"
                control={control}
                name="nome_empresa_profissional"
                autoComplete="off"
                maxLength={200}
              />
              <InputField
                label="Tipo de Serviço"
                required
                control={control}
                name="tipo_servico"
                autoComplete="off"
                maxLength={100}
                placeholder="Ex.: Limpeza, Manutenção, Jardinagem"
              />
              <MaskedField
                label="CNPJ/CPF"
                hint="Opcional."
                control={control}
                name="cnpj_cpf"
                mask="cpfOuCnpj"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                maxLength={18}
                placeholder="000.000.000-00 ou 00.000.000/0000-00"
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
                placeholder="(11) 98765-4321"
              />
              <InputField label="Email" control={control} name="email" type="email" inputMode="email" autoComplete="off" maxLength={254} />

              <SelectField
                label="Condomínio"
                className="sm:col-span-2"
                control={control}
                name="condominio_id"
                options={condominioOptions.map((c) => ({ value: c.id, label: c.nome }))}
                emptyOption={servesAll || geralOutOfReach ? GERAL : undefined}
                disabled={readOnly}
              />

              <DateField label="Início da autorização" control={control} name="data_inicio_autorizacao" />
              <DateField label="Fim da autorização" hint="Em branco: autorização por tempo indeterminado." control={control} name="data_fim_autorizacao" />
              {editing && (
                // Read-only: the situation today (São Paulo) of the period as it stands in the form.
                <p id={ids.situacao} className="flex items-center gap-2 text-sm text-slate-700 sm:col-span-2" data-testid="situacao-autorizacao">
                  Situação da autorização hoje: <SituacaoBadge situacao={situacaoPrestador(inicio || null, fim || null)} />
                </p>
              )}

              <TextareaField label="Observações" className="sm:col-span-2" control={control} name="observacoes" rows={3} maxLength={1000} />

              <SwitchField
                label="Ativo"
                hint="Prestadores inativos não contam no painel."
                control={control}
                name="ativo"
                disabled={readOnly}
                className="flex items-center gap-3 sm:col-span-2"
              />
            </fieldset>

            <FormActions
              className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center"
              extra={prestador && can("excluir_prestadores_servico") && <PrestadorDeleteButton prestador={prestador} disabled={saving} />}
              cancelTo={PATHS.prestadores}
              cancelLabel={readOnly ? "Voltar" : "Cancelar"}
              submitLabel={readOnly ? undefined : saving ? "Salvando..." : editing ? "Salvar alterações" : "Cadastrar prestador"}
              saving={saving}
            />
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
