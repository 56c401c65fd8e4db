import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { Controller, useForm, type Resolver } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { formatCpf } from "@shared/br/cpf";
import { formatPhone } from "@shared/br/phone";
import { SUCCESS, TOAST_DURATION } from "@shared/messages";
import { usuarioCreateSchema } from "@shared/schemas/usuarios";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { fieldAria, FormField, toastFormErrors } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { toast, toastApiError } from "~/lib/toast";
import { DENIED, useActionGuard } from "~/features/permissoes/access";
import { useCreateUsuario, type UsuarioCreateValues } from "./api";
import { GruposChecklist, type GrupoOption } from "./grupos-checklist";
import { applyServerFieldErrors } from "./server-field-errors";
import { USUARIOS_PATH } from "./usuarios-table";

interface FormValues {
  nome_completo: string;
  email: string;
  senha: string;
  telefone_celular: string;
  cpf: string;
  grupo_ids: string[];
}

const FIELDS = ["nome_completo", "email", "senha", "telefone_celular", "cpf", "grupo_ids"] as const;
const resolver = zodResolver(usuarioCreateSchema) as unknown as Resolver<FormValues, unknown, UsuarioCreateValues>;

/** §2 Users, create: `defaultGroupIds` preselects Administrador when it exists. */
export function UsuarioCreateForm({
  grupos,
  defaultGroupIds,
  gruposNote,
}: {
  grupos: GrupoOption[];
  defaultGroupIds: string[];
  gruposNote?: string;
}) {
  const navigate = useNavigate();
  const guard = useActionGuard("gerenciar_usuarios_portaria");
  const create = useCreateUsuario();
  const uid = useId();
  const ids = {
    nome: `${uid}-nome`,
    email: `${uid}-email`,
    senha: `${uid}-senha`,
    telefone: `${uid}-telefone`,
    cpf: `${uid}-cpf`,
    gruposNota: `${uid}-grupos-nota`,
  };

  const { register, handleSubmit, control, formState, setError } = useForm<FormValues, unknown, UsuarioCreateValues>({
    resolver,
    defaultValues: { nome_completo: "", email: "", senha: "", telefone_celular: "", cpf: "", grupo_ids: defaultGroupIds },
  });
  const errors = formState.errors;

  function onValid(values: UsuarioCreateValues) {
    if (!guard(DENIED.createUser)) return;
    create.mutate(values, {
      onSuccess: () => {
        toast({
          title: SUCCESS.userCreated.title,
          description: SUCCESS.userCreated.message,
          variant: "success",
          duration: TOAST_DURATION.long,
        });
        navigate(USUARIOS_PATH);
      },
      onError: (error) => {
        applyServerFieldErrors(error, setError, FIELDS);
        toastApiError("Erro ao criar usuário", error);
      },
    });
  }

  return (
    <Card>
      <CardContent className="pt-6">
        <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-5">
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
            <FormField id={ids.telefone} label="Telefone celular" error={errors.telefone_celular?.message} hint="Opcional. Com DDD.">
              <Controller
                control={control}
                name="telefone_celular"
                render={({ field }) => (
                  <Input
                    {...fieldAria(ids.telefone, { error: errors.telefone_celular?.message, hint: true })}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(e) => field.onChange(formatPhone(e.target.value))}
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    placeholder="(11) 98765-4321"
                  />
                )}
              />
            </FormField>
            <FormField id={ids.cpf} label="CPF" error={errors.cpf?.message} hint="Opcional.">
              <Controller
                control={control}
                name="cpf"
                render={({ field }) => (
                  <Input
                    {...fieldAria(ids.cpf, { error: errors.cpf?.message, hint: true })}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onBlur={field.onBlur}
                    onChange={(e) => field.onChange(formatCpf(e.target.value))}
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="000.000.000-00"
                  />
                )}
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

          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button asChild variant="outline">
              <Link to={USUARIOS_PATH}>Cancelar</Link>
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Criando..." : "Criar usuário"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
