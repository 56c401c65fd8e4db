import type { ReactNode } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { fieldAria, FormField } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { MaskedInput } from "~/components/ui/masked-input";
import { GruposChecklist, type GrupoOption } from "./grupos-checklist";
import { CondominiosField, type UsuarioScopeValues } from "./condominios-field";
import type { CondominioOption } from "@shared/schemas/painel";
import { PATHS } from "~/lib/paths";
import { isAdminGroup } from "@shared/authz-rules";

/** The form values both the create and the edit form have. */
export interface UsuarioSharedValues extends UsuarioScopeValues {
  nome_completo: string;
  telefone_celular: string;
  cpf: string;
  grupo_ids: string[];
}

/** What the 'Condomínios' field offers: the actor's own condominiums, and whether they may give all. */
export interface CondominiosChoice {
  options: readonly CondominioOption[];
  canGiveAll: boolean;
  lockedReason?: string;
}

/**
 * The fields the create and edit forms share, read from the surrounding <FormProvider>: name first,
 * then the form's own fields (`children`), phone and CPF (masked as typed), the groups checklist
 * with its optional note below the grid, and the condominiums the user serves. Element ids are `${uid}-nome`, `${uid}-telefone`, and so on.
 */
export function UsuarioFields({
  uid,
  grupos,
  gruposNote,
  condominios,
  children,
}: {
  uid: string;
  grupos: GrupoOption[];
  gruposNote?: string;
  condominios: CondominiosChoice;
  children: ReactNode;
}) {
  const { register, control, formState } = useFormContext<UsuarioSharedValues>();
  const errors = formState.errors;
  const ids = {
    nome: `${uid}-nome`,
    telefone: `${uid}-telefone`,
    cpf: `${uid}-cpf`,
    gruposNota: `${uid}-grupos-nota`,
  };

  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField id={ids.nome} label="Nome completo" required error={errors.nome_completo?.message} className="sm:col-span-2">
          <Input
            {...register("nome_completo")}
            {...fieldAria(ids.nome, { error: errors.nome_completo?.message })}
            aria-required
            autoComplete="off"
            maxLength={200}
          />
        </FormField>
        {children}
        <FormField id={ids.telefone} label="Telefone celular" error={errors.telefone_celular?.message} hint="Opcional. Com DDD.">
          <MaskedInput
            control={control}
            name="telefone_celular"
            mask="telefone"
            {...fieldAria(ids.telefone, { error: errors.telefone_celular?.message, hint: true })}
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="(11) 98765-4321"
          />
        </FormField>
        <FormField id={ids.cpf} label="CPF" error={errors.cpf?.message} hint="Opcional.">
          <MaskedInput
            control={control}
            name="cpf"
            mask="cpf"
            {...fieldAria(ids.cpf, { error: errors.cpf?.message, hint: true })}
            inputMode="numeric"
            autoComplete="off"
            placeholder="000.000.000-00"
          />
        </FormField>
      </div>

      <Controller
        control={control}
        name="grupo_ids"
        render={({ field }) => (
          <GruposChecklist options={grupos} value={field.value} onChange={field.onChange} describedBy={gruposNote ? ids.gruposNota : undefined} />
        )}
      />
      {gruposNote && (
        <p id={ids.gruposNota} className="-mt-3 text-xs text-slate-600">
          {gruposNote}
        </p>
      )}

      <CondominiosField
        {...condominios}
        adminGroupId={grupos.find(isAdminGroup)?.id}
        error={errors.condominio_ids?.message ?? errors.acesso_todos_condominios?.message}
      />
    </>
  );
}

/** Cancel (back to the list) and submit, at the foot of the user forms. */
export function UsuarioFormActions({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button asChild variant="outline">
        <Link to={PATHS.usuarios}>Cancelar</Link>
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
