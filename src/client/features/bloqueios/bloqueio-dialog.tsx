import { useWatch } from "react-hook-form";
import { formatInteiro } from "@shared/br/numero";
import { bloqueioInputSchema, TIPO_BLOQUEIO_LABEL, TIPOS_BLOQUEIO, type BloqueioData } from "@shared/schemas/bloqueios";
import type { CondominioOption } from "@shared/schemas/painel";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { DocumentoFields } from "~/components/portaria/documento-fields";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, PlacaField, SelectField, TextareaField } from "~/components/ui/form-field-kit";
import { DateField } from "~/components/ui/date-time-field";
import { useAuth } from "~/lib/auth";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm } from "~/lib/use-zod-form";
import { useCreateBloqueio } from "./api";
import { TODOS_CONDOMINIOS_LABEL } from "./format";
import { ERROR_TITLE, MSG_WITH, SUCCESS_TITLE } from "@shared/messages";
import { toastContent } from "~/lib/toast";

const FIELDS = ["tipo", "nome", "documento_tipo", "documento_numero", "placa", "condominio_id", "motivo", "valido_ate"] as const;
const TIPO_OPTIONS = TIPOS_BLOQUEIO.map((tipo) => ({ value: tipo, label: TIPO_BLOQUEIO_LABEL[tipo] }));
/** The select's item for "" (every condominium): Radix items cannot have an empty value. */
const TODOS_VALUE = "__todos__";

/** 'Novo Bloqueio' (gatehouse-spec §6): a person or a vehicle, one condominium or all of the user's. */
export function BloqueioDialog({
  open,
  onClose,
  condominios,
  condominioInicial,
}: {
  open: boolean;
  onClose: () => void;
  /** The active condominiums the user serves (the page's condominium filter options). */
  condominios: readonly CondominioOption[];
  /** Preselected: the list's condominium filter, when it names one. */
  condominioInicial?: string;
}) {
  const create = useCreateBloqueio();
  return (
    <FormDialog
      open={open}
      pending={create.isPending}
      onClose={onClose}
      title="Novo Bloqueio"
      description="A pessoa ou o veículo bloqueado é impedido de entrar na portaria. Os campos marcados com * são obrigatórios."
    >
      {open && <BloqueioForm create={create} condominios={condominios} condominioInicial={condominioInicial} onSaved={onClose} />}
    </FormDialog>
  );
}

function BloqueioForm({
  create,
  condominios,
  condominioInicial,
  onSaved,
}: {
  create: ReturnType<typeof useCreateBloqueio>;
  condominios: readonly CondominioOption[];
  condominioInicial?: string;
  onSaved: () => void;
}) {
  const guard = useActionGuard();
  const { profile } = useAuth();
  const servesAll = profile?.acesso_todos_condominios === true;
  const inicial =
    condominioInicial && condominios.some((c) => c.id === condominioInicial) ? condominioInicial : condominios.length === 1 ? condominios[0]!.id : "";
  const form = useZodForm(bloqueioInputSchema, {
    defaultValues: { tipo: "pessoa", nome: "", documento_tipo: "", documento_numero: "", placa: "", condominio_id: inicial, motivo: "", valido_ate: "" },
  });
  const { handleSubmit, control, setError } = form;
  const tipo = useWatch({ control, name: "tipo" });
  const condominioId = useWatch({ control, name: "condominio_id" });

  function onValid(values: BloqueioData) {
    if (!guard("gerenciar_bloqueios_acesso")) return;
    // Only the fields of the chosen type: a person's block has no plate, a vehicle's no document.
    const sent: BloqueioData = values.tipo === "pessoa" ? { ...values, placa: null } : { ...values, nome: null, documento_tipo: null, documento_numero: null };
    create.mutate(
      sent,
      saveCallbacks({
        success: (data) =>
          data.rows.length > 1 ? toastContent(MSG_WITH.bloqueiosCriados(formatInteiro(data.rows.length))) : { title: SUCCESS_TITLE.bloqueioCriado },
        error: ERROR_TITLE.criarBloqueio,
        form: { setError, fields: FIELDS },
        done: onSaved,
      }),
    );
  }

  const todosLabel = servesAll ? TODOS_CONDOMINIOS_LABEL : "Todos os meus condomínios";
  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label="Tipo" required control={control} name="tipo" options={TIPO_OPTIONS} />
          <SelectField
            label="Condomínio"
            hint={
              condominioId
                ? undefined
                : servesAll
                  ? "Vale em todos os condomínios, inclusive os cadastrados depois."
                  : "Um bloqueio em cada condomínio que você atende."
            }
            control={control}
            name="condominio_id"
            options={condominios.map((c) => ({ value: c.id, label: c.nome }))}
            emptyOption={{ value: TODOS_VALUE, label: todosLabel }}
          />
          {tipo === "veiculo" ? (
            <PlacaField label="Placa" required control={control} name="placa" className="sm:col-span-2" />
          ) : (
            <>
              <InputField label="Nome" className="sm:col-span-2" control={control} name="nome" autoComplete="off" maxLength={200} />
              <DocumentoFields
                labels={{ tipo: "Tipo de documento", numero: "Documento", semTipo: "Não informado" }}
                hints={{ cpf: "Informe o documento, o nome ou os dois.", outro: "CPF, RG ou outro documento. Informe o documento, o nome ou os dois." }}
              />
            </>
          )}
          <TextareaField label="Motivo" required className="sm:col-span-2" control={control} name="motivo" rows={2} maxLength={500} />
          <DateField label="Válido até" hint="Último dia do bloqueio. Em branco: por tempo indeterminado." control={control} name="valido_ate" />
        </div>
        <DialogFormActions pending={create.isPending} submitLabel={create.isPending ? "Salvando..." : "Criar Bloqueio"} />
      </form>
    </Form>
  );
}
