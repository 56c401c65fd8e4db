import { KeyRound, Lock } from "lucide-react";
import { useId } from "react";
import { useNavigate } from "react-router";
import { formatCpf } from "@shared/br/cpf";
import { formatPhone } from "@shared/br/phone";
import { ERROR_TITLE, MSG, MSG_WITH, SUCCESS_TITLE } from "@shared/messages";
import { accountRefusal } from "@shared/authz-rules";
import { USER_STATUSES } from "@shared/permissions";
import type { GrupoListItem } from "@shared/schemas/grupos";
import { usuarioUpdateSchema, type Usuario } from "@shared/schemas/usuarios";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Form, FormControl, FormDescription, FormItem, FormLabel } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { SelectField } from "~/components/ui/form-field-kit";
import { Input } from "~/components/ui/input";
import { useAuth } from "~/lib/auth";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm } from "~/lib/use-zod-form";
import { useResetSenha, useUpdateUsuario, type UsuarioUpdateValues } from "./api";
import { membershipOptions } from "./group-options";
import type { GrupoOption } from "./grupos-checklist";
import { saveCallbacks } from "~/lib/save-callbacks";
import { STATUS_LABEL } from "./status";
import { UsuarioFields, UsuarioFormActions, type CondominiosChoice } from "./usuario-fields";
import { PATHS } from "~/lib/paths";
import { toastContent } from "~/lib/toast";

const FIELDS = ["nome_completo", "telefone_celular", "cpf", "status", "grupo_ids", "acesso_todos_condominios", "condominio_ids"] as const;

/**
 * §2 Users, edit. `grupos` is the group list, or null when it could not be loaded (then only the
 * user's current groups are offered, so saving keeps them).
 */
export function UsuarioEditForm({
  usuario,
  grupos,
  gruposNote,
  condominios,
}: {
  usuario: Usuario;
  grupos: GrupoListItem[] | null;
  gruposNote?: string;
  condominios: CondominiosChoice;
}) {
  const navigate = useNavigate();
  const { profile } = useAuth();
  const guard = useActionGuard();
  const update = useUpdateUsuario();
  const reset = useResetSenha();
  const uid = useId();
  const ids = { reset: `${uid}-reset`, locked: `${uid}-bloqueado` };

  const isSelf = usuario.id === profile?.id;
  const statuses = isSelf ? (["ativo"] as const) : USER_STATUSES;
  // Only members of Administrador touch a member's account (the server refuses it too).
  const locked = profile ? accountRefusal(profile, usuario) : null;

  const options: GrupoOption[] = (() => {
    const list: (GrupoListItem | Usuario["grupos"][number])[] = grupos ? [...grupos] : [];
    for (const g of usuario.grupos) if (!list.some((o) => o.id === g.id)) list.push(g);
    return profile
      ? membershipOptions(
          profile,
          list,
          usuario.grupos.map((g) => g.id),
          isSelf,
        )
      : list;
  })();

  const form = useZodForm(usuarioUpdateSchema, {
    defaultValues: {
      nome_completo: usuario.nome_completo,
      telefone_celular: usuario.telefone_celular ? formatPhone(usuario.telefone_celular) : "",
      cpf: usuario.cpf ? formatCpf(usuario.cpf) : "",
      status: isSelf ? "ativo" : usuario.status,
      grupo_ids: usuario.grupos.map((g) => g.id),
      acesso_todos_condominios: usuario.acesso_todos_condominios,
      condominio_ids: usuario.condominios.map((c) => c.id).sort(),
    },
  });
  // The user's own condominiums stay listed (and ticked) even when inactive or not in the actor's options.
  const scopeChoice: CondominiosChoice = {
    ...condominios,
    options: [...condominios.options, ...usuario.condominios.filter((c) => !condominios.options.some((o) => o.id === c.id))],
    // While Administrador is ticked the field says itself that it serves every condominium.
    lockedReason: isSelf ? MSG.ownScope.message : condominios.lockedReason,
  };
  const { handleSubmit, control, setError } = form;

  function onValid(values: UsuarioUpdateValues) {
    if (!guard("gerenciar_usuarios_portaria", "editarUsuario")) return;
    update.mutate(
      { id: usuario.id, values },
      saveCallbacks({
        success: SUCCESS_TITLE.usuarioAtualizado,
        error: ERROR_TITLE.atualizarUsuario,
        form: { setError, fields: FIELDS },
        done: () => navigate(PATHS.usuarios),
      }),
    );
  }

  function sendReset() {
    if (!guard("gerenciar_usuarios_portaria", "redefinirSenhaUsuario")) return;
    reset.mutate(
      usuario.id,
      saveCallbacks({
        success: toastContent(MSG_WITH.recoveryEmailSentTo(usuario.email)),
        error: MSG.sendRecoveryEmailError.title,
      }),
    );
  }

  return (
    <div className="grid gap-6">
      <Card>
        <CardContent className="pt-6">
          <Form {...form}>
            <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-5">
              {locked && (
                <p id={ids.locked} className="flex items-start gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                  <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                  {locked.message}
                </p>
              )}
              <fieldset disabled={locked !== null} aria-describedby={locked ? ids.locked : undefined} className="grid min-w-0 gap-5">
                <UsuarioFields uid={uid} grupos={options} gruposNote={gruposNote} condominios={scopeChoice}>
                  {/* Shown, not edited: the form does not hold it. */}
                  <FormItem>
                    <FormLabel>Email</FormLabel>
                    <FormControl>
                      <Input type="email" value={usuario.email} disabled readOnly />
                    </FormControl>
                    <FormDescription>O email é o login do usuário e não pode ser alterado.</FormDescription>
                  </FormItem>
                  <SelectField
                    label="Status"
                    hint={isSelf ? "Você não pode alterar o status da sua própria conta: ela permanece ativa." : undefined}
                    control={control}
                    name="status"
                    options={statuses.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
                  />
                </UsuarioFields>

                <UsuarioFormActions pending={update.isPending} label="Salvar alterações" pendingLabel="Salvando..." />
              </fieldset>
            </form>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <h2 className="flex items-center gap-2 text-base font-semibold leading-tight">
            <KeyRound className="h-4 w-4 text-brand-600" aria-hidden /> Senha
          </h2>
        </CardHeader>
        <CardContent className="grid gap-3">
          <p id={ids.reset} className="text-sm text-slate-700">
            {isSelf ? MSG.ownReset.message : locked ? locked.message : `Envia para ${usuario.email} um link com o qual o usuário cria uma nova senha.`}
          </p>
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={sendReset}
            disabled={isSelf || locked !== null || reset.isPending}
            aria-describedby={ids.reset}
          >
            {reset.isPending ? "Enviando..." : "Enviar email de redefinição de senha"}
          </Button>
        </CardContent>
      </Card>
    </div>
  );
}
