import { ENCOMENDAS_TEXTOS, devolverEncomendaSchema, type DevolverEncomendaInput, type Encomenda } from "@shared/schemas/encomendas";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { TextareaField } from "~/components/ui/form-field-kit";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm } from "~/lib/use-zod-form";
import { useDevolverEncomenda } from "./api";
import { unidadeDaEncomenda } from "./format";

/** 'Devolver ao remetente' (gate-operation-spec §4): a waiting parcel goes back, with the reason. */
export function DevolverDialog({ encomenda, onClose }: { encomenda: Encomenda | null; onClose: () => void }) {
  const devolver = useDevolverEncomenda();
  return (
    <FormDialog
      open={encomenda !== null}
      pending={devolver.isPending}
      onClose={onClose}
      title="Devolver ao remetente"
      description={
        encomenda ? `Encomenda de ${encomenda.destinatario_nome} (${unidadeDaEncomenda(encomenda)}). A devolução fica no histórico de custódia.` : ""
      }
    >
      {encomenda && <DevolverForm devolver={devolver} encomenda={encomenda} onDone={onClose} />}
    </FormDialog>
  );
}

function DevolverForm({ devolver, encomenda, onDone }: { devolver: ReturnType<typeof useDevolverEncomenda>; encomenda: Encomenda; onDone: () => void }) {
  const guard = useActionGuard();
  const form = useZodForm(devolverEncomendaSchema, { defaultValues: { motivo: "" } });
  const { handleSubmit, control, setError } = form;
  function onValid(values: DevolverEncomendaInput) {
    if (!guard("gerenciar_encomendas")) return;
    devolver.mutate(
      { id: encomenda.id, values },
      saveCallbacks({ success: ENCOMENDAS_TEXTOS.devolvida, error: ENCOMENDAS_TEXTOS.erroDevolver, form: { setError, fields: ["motivo"] }, done: onDone }),
    );
  }
  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
        <TextareaField label="Motivo" required control={control} name="motivo" rows={3} maxLength={500} autoFocus />
        <DialogFormActions pending={devolver.isPending} submitLabel={devolver.isPending ? "Devolvendo..." : "Devolver"} />
      </form>
    </Form>
  );
}
