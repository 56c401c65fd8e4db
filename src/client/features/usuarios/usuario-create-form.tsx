import { useId } from "react";
import { useNavigate } from "react-router";
import { ERROR_TITLE, SUCCESS, TOAST_DURATION } from "@shared/messages";
import { usuarioCreateSchema } from "@shared/schemas/usuarios";
import { Card, CardContent } from "~/components/ui/card";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { InputField, PasswordField } from "~/components/ui/form-field-kit";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm } from "~/lib/use-zod-form";
import { useCreateUsuario, type UsuarioCreateValues } from "./api";
import type { GrupoOption } from "./grupos-checklist";
import { saveCallbacks } from "~/lib/save-callbacks";
import { UsuarioFields, UsuarioFormActions, type CondominiosChoice } from "./usuario-fields";
import { PATHS } from "~/lib/paths";

const FIELDS = ["nome_completo", "email", "senha", "telefone_celular", "cpf", "grupo_ids", "acesso_todos_condominios", "condominio_ids"] as const;

/**
 * §2 Users, create: `defaultGroupIds` preselects Administrador when it exists; an actor who serves
 * a single condominium has it preselected (gatehouse-spec §2).
 */
export function UsuarioCreateForm({
  grupos,
  defaultGroupIds,
  gruposNote,
  condominios,
}: {
  grupos: GrupoOption[];
  defaultGroupIds: string[];
  gruposNote?: string;
  condominios: CondominiosChoice;
}) {
  const navigate = useNavigate();
  const guard = useActionGuard();
  const create = useCreateUsuario();
  const uid = useId();

  const form = useZodForm(usuarioCreateSchema, {
    defaultValues: {
      nome_completo: "",
      email: "",
      senha: "",
      telefone_celular: "",
      cpf: "",
      grupo_ids: defaultGroupIds,
      acesso_todos_condominios: false,
      condominio_ids: !condominios.canGiveAll && condominios.options.length === 1 ? [condominios.options[0]!.id] : [],
    },
  });
  const { handleSubmit, control, setError } = form;

  function onValid(values: UsuarioCreateValues) {
    if (!guard("gerenciar_usuarios_portaria", "criarUsuario")) return;
    create.mutate(
      values,
      saveCallbacks({
        success: { title: SUCCESS.userCreated.title, description: SUCCESS.userCreated.message, duration: TOAST_DURATION.long },
        error: ERROR_TITLE.criarUsuario,
        form: { setError, fields: FIELDS },
        done: () => navigate(PATHS.usuarios),
      }),
    );
  }

  return (
    <Card>
      <CardContent className="pt-6">
        <Form {...form}>
          <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-5">
            <UsuarioFields uid={uid} grupos={grupos} gruposNote={gruposNote} condominios={condominios}>
              <InputField label="Email" required control={control} name="email" type="email" autoComplete="off" inputMode="email" maxLength={254} />
              <PasswordField
                label="Senha inicial"
                required
                hint="Pelo menos 6 caracteres. No primeiro acesso, o usuário define uma senha pessoal."
                control={control}
                name="senha"
                autoComplete="new-password"
                maxLength={128}
              />
            </UsuarioFields>

            <UsuarioFormActions pending={create.isPending} label="Criar usuário" pendingLabel="Criando..." />
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
