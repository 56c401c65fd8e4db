import { CORRECAO_MAX, correcaoInputSchema, TIPO_PESSOA_LABEL, type CorrecaoInput, type RegistroListItem } from "@shared/schemas/registros";
import { formatDateTime } from "@shared/time";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { TextareaField } from "~/components/ui/form-field-kit";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm } from "~/lib/use-zod-form";
import { useCorrigirRegistro } from "./api";
import { ERROR_TITLE, SUCCESS_TITLE } from "@shared/messages";

const FIELDS = ["errado", "certo"] as const;

/** Who may correct a record: who reads the records and registers at the gate (the server's rule). */
export const PERMISSOES_CORRECAO = ["visualizar_registros_acesso", "registrar_acesso_visitante"] as const;

/**
 * 'Corrigir registro' (gatehouse-spec §5): records are never changed; a correction is a new record
 * pointing at the corrected one, saying what was wrong and what is right.
 */
export function CorrigirRegistroDialog({ registro, onClose }: { registro: RegistroListItem | null; onClose: () => void }) {
  const corrigir = useCorrigirRegistro();
  return (
    <FormDialog
      open={registro !== null}
      pending={corrigir.isPending}
      onClose={onClose}
      title="Corrigir registro"
      description={
        registro
          ? `${registro.nome_pessoa} (${TIPO_PESSOA_LABEL[registro.tipo_pessoa]}), ${formatDateTime(registro.registrado_em)}. O registro não é alterado: a correção fica registrada ao lado dele, com o seu nome.`
          : ""
      }
    >
      {registro && <CorrecaoForm registro={registro} corrigir={corrigir} onSaved={onClose} />}
    </FormDialog>
  );
}

function CorrecaoForm({ registro, corrigir, onSaved }: { registro: RegistroListItem; corrigir: ReturnType<typeof useCorrigirRegistro>; onSaved: () => void }) {
  const guard = useActionGuard();
  const form = useZodForm(correcaoInputSchema, { defaultValues: { errado: "", certo: "" } });
  const { handleSubmit, control, setError } = form;

  function onValid(values: CorrecaoInput) {
    if (!PERMISSOES_CORRECAO.every((permission) => guard(permission))) return;
    corrigir.mutate(
      { id: registro.id, ...values },
      saveCallbacks({ success: SUCCESS_TITLE.correcaoRegistrada, error: ERROR_TITLE.registrarCorrecao, form: { setError, fields: FIELDS }, done: onSaved }),
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
        <TextareaField
          label="O que estava errado"
          required
          hint="Por exemplo: a placa anotada, a unidade, o horário."
          control={control}
          name="errado"
          rows={2}
          maxLength={CORRECAO_MAX}
        />
        <TextareaField label="O que está certo" required control={control} name="certo" rows={2} maxLength={CORRECAO_MAX} />
        <DialogFormActions pending={corrigir.isPending} submitLabel={corrigir.isPending ? "Salvando..." : "Registrar correção"} />
      </form>
    </Form>
  );
}
