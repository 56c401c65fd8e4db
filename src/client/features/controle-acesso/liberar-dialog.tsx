import { entradaSchema } from "@shared/schemas/controle-acesso";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField } from "~/components/ui/form-field-kit";
import { useZodForm } from "~/lib/use-zod-form";
import type { LiberarMesmoAssim } from "./api";

const liberarSchema = entradaSchema.shape.liberar_mesmo_assim.unwrap();

/**
 * 'Liberar mesmo assim' (§3): who authorised letting in someone refused, required; the entry is
 * asked again with it and recorded as an override. Never offered past the blocklist. `abrir`: the
 * refused entry was a 'Registrar e abrir', and letting them in opens the gate too ('Liberar e abrir').
 */
export function LiberarDialog({
  open,
  nome,
  motivo,
  abrir = false,
  pending,
  onClose,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  nome: string;
  motivo: string;
  abrir?: boolean;
  pending: boolean;
  onClose: () => void;
  onConfirm: (values: LiberarMesmoAssim) => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  return (
    <FormDialog
      open={open}
      pending={pending}
      onClose={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
      title="Liberar mesmo assim"
      description={`${nome}: ${motivo}`}
    >
      {open && <LiberarForm pending={pending} submitLabel={abrir ? "Liberar e abrir" : "Liberar entrada"} onConfirm={onConfirm} />}
    </FormDialog>
  );
}

function LiberarForm({ pending, submitLabel, onConfirm }: { pending: boolean; submitLabel: string; onConfirm: (values: LiberarMesmoAssim) => void }) {
  const form = useZodForm(liberarSchema, { defaultValues: { autorizado_por: "" } });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onConfirm, toastFormErrors)} noValidate className="grid gap-4">
        <InputField
          label="Autorizado por"
          required
          hint="Quem autorizou a entrada (nome e, se for o caso, como: interfone, telefone)."
          control={form.control}
          name="autorizado_por"
          autoComplete="off"
          maxLength={200}
        />
        <DialogFormActions pending={pending} submitLabel={submitLabel} />
      </form>
    </Form>
  );
}
