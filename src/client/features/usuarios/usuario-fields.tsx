import type { ReactNode } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { InputField, MaskedField } from "~/components/ui/form-field-kit";
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
 * with its optional note below the grid, and the condominiums the user serves.
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
  const { control } = useFormContext<UsuarioSharedValues>();
  const gruposNotaId = `${uid}-grupos-nota`;

  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField label="Nome completo" required className="sm:col-span-2" control={control} name="nome_completo" autoComplete="off" maxLength={200} />
        {children}
        <MaskedField
          label="Telefone celular"
          hint="Opcional. Com DDD."
          control={control}
          name="telefone_celular"
          mask="telefone"
          type="tel"
          inputMode="tel"
          autoComplete="off"
          placeholder="(11) 98765-4321"
        />
        <MaskedField label="CPF" hint="Opcional." control={control} name="cpf" mask="cpf" inputMode="numeric" autoComplete="off" placeholder="000.000.000-00" />
      </div>

      <Controller
        control={control}
        name="grupo_ids"
        render={({ field }) => (
          <GruposChecklist options={grupos} value={field.value} onChange={field.onChange} describedBy={gruposNote ? gruposNotaId : undefined} />
        )}
      />
      {gruposNote && (
        <p id={gruposNotaId} className="-mt-3 text-xs text-slate-600">
          {gruposNote}
        </p>
      )}

      <CondominiosField {...condominios} adminGroupId={grupos.find(isAdminGroup)?.id} />
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
