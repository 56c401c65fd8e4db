import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { FormProvider, useForm, type Resolver } from "react-hook-form";
import { useNavigate } from "react-router";
import { ERROR_TITLE, SUCCESS, TOAST_DURATION } from "@shared/messages";
import { usuarioCreateSchema } from "@shared/schemas/usuarios";
import { Card, CardContent } from "~/components/ui/card";
import { fieldAria, FormField, toastFormErrors } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { useActionGuard } from "~/lib/use-action-guard";
import { useCreateUsuario, type UsuarioCreateValues } from "./api";
import type { GrupoOption } from "./grupos-checklist";
import { saveCallbacks } from "~/lib/save-callbacks";
import { UsuarioFields, UsuarioFormActions, type CondominiosChoice, type UsuarioSharedValues } from "./usuario-fields";
import { PATHS } from "~/lib/paths";

interface FormValues extends UsuarioSharedValues {
  email: string;
  senha: string;
}

const FIELDS = ["nome_completo", "email", "senha", "telefone_celular", "cpf", "grupo_ids", "acesso_todos_condominios", "condominio_ids"] as const;
const resolver = zodResolver(usuarioCreateSchema) as unknown as Resolver<FormValues, unknown, UsuarioCreateValues>;

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
  const ids = {
    email: `${uid}-email`,
    senha: `${uid}-senha`,
  };

  const form = useForm<FormValues, unknown, UsuarioCreateValues>({
    resolver,
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
  const { register, handleSubmit, formState, setError } = form;
  const errors = formState.errors;

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
        <FormProvider {...form}>
          <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-5">
            <UsuarioFields uid={uid} grupos={grupos} gruposNote={gruposNote} condominios={condominios}>
              <FormField id={ids.email} label="Email" required error={errors.email?.message}>
                <Input
                  {...register("email")}
                  {...fieldAria(ids.email, { error: errors.email?.message })}
                  type="email"
                  aria-required
                  autoComplete="off"
                  inputMode="email"
                  maxLength={254}
                />
              </FormField>
              <FormField
                id={ids.senha}
                label="Senha inicial"
                required
                error={errors.senha?.message}
                hint="Pelo menos 6 caracteres. No primeiro acesso, o usuário define uma senha pessoal."
              >
                <PasswordInput
                  {...register("senha")}
                  {...fieldAria(ids.senha, { error: errors.senha?.message, hint: true })}
                  aria-required
                  autoComplete="new-password"
                  maxLength={128}
                />
              </FormField>
            </UsuarioFields>

            <UsuarioFormActions pending={create.isPending} label="Criar usuário" pendingLabel="Criando..." />
          </form>
        </FormProvider>
      </CardContent>
    </Card>
  );
}
