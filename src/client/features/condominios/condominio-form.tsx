import { zodResolver } from "@hookform/resolvers/zod";
import { Eye } from "lucide-react";
import { useId } from "react";
import { Controller, useForm, type Path, type Resolver, type UseFormSetError } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { formatCep, UFS } from "@shared/br/cep";
import { formatCnpj } from "@shared/br/cnpj";
import { formatPhone, isValidPhone } from "@shared/br/phone";
import { condominioInputSchema, type Condominio } from "@shared/schemas/condominios";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { fieldAria, FormField, toastFormErrors } from "~/components/ui/form-field";
import { Input, Label } from "~/components/ui/input";
import { MaskedInput } from "~/components/ui/masked-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Switch } from "~/components/ui/switch";
import { ApiError } from "~/lib/api";
import { useAuth } from "~/lib/auth";
import { toast, toastApiError } from "~/lib/toast";
import { useCondominioGuard } from "./access";
import { CONDOMINIOS_PATH, useCreateCondominio, useUpdateCondominio, type CondominioValues } from "./api";
import { CondominioDeleteButton } from "./condominio-delete-button";

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
];

const resolver = zodResolver(condominioInputSchema) as unknown as Resolver<FormValues, unknown, CondominioValues>;

/** The select's value for "no state" (Radix Select items cannot have an empty value). */
const NO_UF = "none";

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
  };
}

/** The server's field messages (it validates with the same schema) under the matching inputs. */
function applyServerFieldErrors(error: unknown, setError: UseFormSetError<FormValues>) {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fields ?? {})) {
    if ((FIELDS as readonly string[]).includes(field)) setError(field as Path<FormValues>, { type: "server", message });
  }
}

/**
 * §2 Condominiums: create (no `condominio`) or edit. Without editar_condominios the edit form is
 * read-only and has no Save button; Delete needs excluir_condominios.
 */
export function CondominioForm({ condominio }: { condominio?: Condominio }) {
  const navigate = useNavigate();
  const { can } = useAuth();
  const guard = useCondominioGuard();
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

  function onValid(values: CondominioValues) {
    if (condominio) {
      if (!guard("editar_condominios")) return;
      update.mutate(
        { id: condominio.id, values },
        {
          onSuccess: (saved) => {
            toast({ title: "Condomínio atualizado!", variant: "success" });
            reset(toFormValues(saved));
          },
          onError: (error) => {
            applyServerFieldErrors(error, setError);
            toastApiError("Erro ao atualizar condomínio", error);
          },
        },
      );
    } else {
      if (!guard("criar_condominios")) return;
      create.mutate(values, {
        onSuccess: () => {
          toast({ title: "Condomínio criado!", variant: "success" });
          // Back to the list (§2), unless it is closed to this user: then a blank form for the next one.
          if (can("visualizar_condominios")) navigate(CONDOMINIOS_PATH);
          else reset(toFormValues());
        },
        onError: (error) => {
          applyServerFieldErrors(error, setError);
          toastApiError("Erro ao criar condomínio", error);
        },
      });
    }
  }

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-6" aria-describedby={readOnly ? ids.somenteLeitura : undefined}>
          {readOnly && (
            <p id={ids.somenteLeitura} className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              <Eye className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              Você tem permissão apenas para visualizar este condomínio. Para editar, contate um administrador.
            </p>
          )}

          <fieldset disabled={readOnly} className="grid min-w-0 gap-6">
            <legend className="sr-only">Dados do condomínio</legend>
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id={ids.nome} label="Nome" required error={errors.nome?.message} className="sm:col-span-2">
                <Input
                  {...register("nome")}
                  {...fieldAria(ids.nome, { error: errors.nome?.message })}
                  aria-required
                  autoComplete="off"
                  maxLength={200}
                  placeholder="Ex.: Residencial Jardim das Flores"
                />
              </FormField>
              <FormField id={ids.cnpj} label="CNPJ" error={errors.cnpj?.message} hint="Opcional. Aceita o CNPJ numérico ou alfanumérico.">
                <MaskedInput
                  control={control}
                  name="cnpj"
                  mask={formatCnpj}
                  {...fieldAria(ids.cnpj, { error: errors.cnpj?.message, hint: true })}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  maxLength={18}
                  placeholder="00.000.000/0000-00"
                />
              </FormField>
              <FormField id={ids.telefone} label="Telefone" error={errors.telefone?.message} hint="Opcional. Com DDD.">
                <MaskedInput
                  control={control}
                  name="telefone"
                  mask={formatPhone}
                  {...fieldAria(ids.telefone, { error: errors.telefone?.message, hint: true })}
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder="(11) 3456-7890"
                />
              </FormField>
              <FormField id={ids.email} label="Email" error={errors.email?.message} className="sm:col-span-2">
                <Input
                  {...register("email")}
                  {...fieldAria(ids.email, { error: errors.email?.message })}
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  maxLength={254}
                  placeholder="contato@condominio.com.br"
                />
              </FormField>
            </div>

            <div className="grid gap-5 border-t border-slate-200 pt-5 sm:grid-cols-6">
              <h2 className="text-base font-semibold text-slate-900 sm:col-span-6">Endereço</h2>
              <FormField id={ids.endereco} label="Endereço" error={errors.endereco?.message} className="sm:col-span-6">
                <Input
                  {...register("endereco")}
                  {...fieldAria(ids.endereco, { error: errors.endereco?.message })}
                  autoComplete="off"
                  maxLength={300}
                  placeholder="Rua, número, bairro, complemento"
                />
              </FormField>
              <FormField id={ids.cidade} label="Cidade" error={errors.cidade?.message} className="sm:col-span-3">
                <Input
                  {...register("cidade")}
                  {...fieldAria(ids.cidade, { error: errors.cidade?.message })}
                  autoComplete="off"
                  maxLength={120}
                />
              </FormField>
              <FormField id={ids.estado} label="Estado (UF)" error={errors.estado?.message} className="sm:col-span-1">
                <Controller
                  control={control}
                  name="estado"
                  render={({ field }) => (
                    <Select
                      value={field.value || NO_UF}
                      onValueChange={(value) => field.onChange(value === NO_UF ? "" : value)}
                      disabled={readOnly}
                    >
                      <SelectTrigger {...fieldAria(ids.estado, { error: errors.estado?.message })} ref={field.ref} onBlur={field.onBlur}>
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value={NO_UF}>—</SelectItem>
                        {UFS.map((uf) => (
                          <SelectItem key={uf} value={uf}>
                            {uf}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  )}
                />
              </FormField>
              <FormField id={ids.cep} label="CEP" error={errors.cep?.message} className="sm:col-span-2">
                <MaskedInput
                  control={control}
                  name="cep"
                  mask={formatCep}
                  {...fieldAria(ids.cep, { error: errors.cep?.message })}
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={9}
                  placeholder="00000-000"
                />
              </FormField>
            </div>

            <div className="grid gap-5 border-t border-slate-200 pt-5 sm:grid-cols-2">
              <h2 className="text-base font-semibold text-slate-900 sm:col-span-2">Síndico</h2>
              <FormField id={ids.sindicoNome} label="Nome do síndico" error={errors.sindico_nome?.message}>
                <Input
                  {...register("sindico_nome")}
                  {...fieldAria(ids.sindicoNome, { error: errors.sindico_nome?.message })}
                  autoComplete="off"
                  maxLength={200}
                />
              </FormField>
              <FormField
                id={ids.sindicoContato}
                label="Contato do síndico"
                error={errors.sindico_contato?.message}
                hint="Telefone com DDD ou email."
              >
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

            <div className="flex items-center gap-3 border-t border-slate-200 pt-5">
              <Controller
                control={control}
                name="ativo"
                render={({ field }) => (
                  <Switch
                    id={ids.ativo}
                    ref={field.ref}
                    checked={field.value}
                    onCheckedChange={field.onChange}
                    onBlur={field.onBlur}
                    disabled={readOnly}
                    aria-describedby={`${ids.ativo}-ajuda`}
                  />
                )}
              />
              <div className="grid gap-0.5">
                <Label htmlFor={ids.ativo}>Ativo</Label>
                <p id={`${ids.ativo}-ajuda`} className="text-xs text-slate-600">
                  Só condomínios ativos aparecem nas listas de escolha e no filtro do painel.
                </p>
              </div>
            </div>
          </fieldset>

          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-5 sm:flex-row sm:items-center">
            {condominio && can("excluir_condominios") && <CondominioDeleteButton condominio={condominio} disabled={saving} />}
            <div className="flex flex-col-reverse gap-2 sm:ml-auto sm:flex-row">
              <Button asChild variant="outline">
                <Link to={CONDOMINIOS_PATH}>{editing ? "Voltar" : "Cancelar"}</Link>
              </Button>
              {!readOnly && (
                <Button type="submit" disabled={saving}>
                  {editing ? (update.isPending ? "Salvando..." : "Salvar alterações") : create.isPending ? "Criando..." : "Criar condomínio"}
                </Button>
              )}
            </div>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
