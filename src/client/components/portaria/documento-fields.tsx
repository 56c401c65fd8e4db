import type { ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { DOCUMENTO_TIPO_LABEL, DOCUMENTO_TIPOS } from "@shared/schemas/controle-acesso";
import { InputField, MaskedField, SelectField } from "~/components/ui/form-field-kit";

/** The two fields of a person's document in a form (both optional, "" when not given). */
export interface DocumentoValues {
  documento_tipo: string;
  documento_numero: string;
}

const OPTIONS = DOCUMENTO_TIPOS.map((tipo) => ({ value: tipo, label: DOCUMENTO_TIPO_LABEL[tipo] }));
/** Radix select items cannot be "": the item standing for 'no document type'. */
const SEM_TIPO = "__nenhum__";

/**
 * A person's document in a form of the gatehouse (a visitor, a block): its type, and its number,
 * masked as a CPF when the type is CPF. Read from the surrounding <Form>, whose values have
 * `documento_tipo` and `documento_numero`. The labels are each screen's own (spec texts).
 */
export function DocumentoFields({
  labels,
  hints,
}: {
  /** `tipo` and `numero`: the fields' labels; `semTipo`: the choice standing for no type. */
  labels: { tipo: string; numero: string; semTipo: string };
  /** The number's hint, when it is a CPF and when it is another document. */
  hints?: { cpf: ReactNode; outro: ReactNode };
}) {
  const { control } = useFormContext<DocumentoValues>();
  const tipo = useWatch({ control, name: "documento_tipo" });
  return (
    <>
      <SelectField label={labels.tipo} control={control} name="documento_tipo" options={OPTIONS} emptyOption={{ value: SEM_TIPO, label: labels.semTipo }} />
      {tipo === "cpf" ? (
        <MaskedField
          key="cpf"
          label={labels.numero}
          hint={hints?.cpf}
          control={control}
          name="documento_numero"
          mask="cpf"
          inputMode="numeric"
          autoComplete="off"
          maxLength={14}
          placeholder="000.000.000-00"
        />
      ) : (
        <InputField
          key="documento"
          label={labels.numero}
          hint={hints?.outro}
          control={control}
          name="documento_numero"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={30}
        />
      )}
    </>
  );
}
