import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useId } from "react";
import { useForm, useWatch, type Resolver } from "react-hook-form";
import { MSG, SUCCESS } from "@shared/messages";
import { changePasswordSchema } from "@shared/schemas/auth";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { fieldAria, FormField, toastFormErrors } from "~/components/ui/form-field";
import { PasswordInput } from "~/components/ui/password-input";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useChangePassword, type ChangePasswordValues } from "./api";

interface FormValues {
  senhaAtual: string;
  novaSenha: string;
  confirmacao: string;
}

const FIELDS = ["senhaAtual", "novaSenha", "confirmacao"] as const;
const resolver = zodResolver(changePasswordSchema) as unknown as Resolver<FormValues, unknown, ChangePasswordValues>;

/** Minha conta: change one's own password (current + new + confirmation), the rules of §5. */
export function SenhaForm() {
  const uid = useId();
  const ids = { atual: `${uid}-atual`, nova: `${uid}-nova`, confirmacao: `${uid}-confirmacao` };
  const change = useChangePassword();
  const form = useForm<FormValues, unknown, ChangePasswordValues>({
    resolver,
    defaultValues: { senhaAtual: "", novaSenha: "", confirmacao: "" },
  });
  const { register, handleSubmit, formState, setError, reset, control } = form;
  const errors = formState.errors;
  const [novaSenha, confirmacao] = useWatch({ control, name: ["novaSenha", "confirmacao"] });
  // §5: an inline 'As senhas não conferem.' while they differ.
  const mismatch = confirmacao.length > 0 && novaSenha !== confirmacao;
  const confirmError = errors.confirmacao?.message ?? (mismatch ? "As senhas não conferem." : undefined);

  function onValid(values: ChangePasswordValues) {
    change.mutate(
      values,
      saveCallbacks({
        success: { title: SUCCESS.passwordChanged.title, description: SUCCESS.passwordChanged.message },
        error: MSG.changePasswordError.title,
        form: { setError, fields: FIELDS },
        done: () => reset(),
      }),
    );
  }

  return (
    <Card aria-labelledby={`${uid}-titulo`} role="region">
      <CardHeader>
        <h3 id={`${uid}-titulo`} className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <KeyRound className="h-5 w-5 text-brand-600" aria-hidden /> Alterar senha
        </h3>
        <p className="text-sm text-slate-600">Ao trocar a senha, as suas outras sessões são encerradas; esta continua aberta.</p>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid max-w-md gap-4">
          <FormField id={ids.atual} label="Senha atual" required error={errors.senhaAtual?.message}>
            <PasswordInput
              {...register("senhaAtual")}
              {...fieldAria(ids.atual, { error: errors.senhaAtual?.message })}
              aria-required
              autoComplete="current-password"
              maxLength={128}
            />
          </FormField>
          <FormField id={ids.nova} label="Nova senha" required error={errors.novaSenha?.message} hint="Pelo menos 6 caracteres, diferente da atual.">
            <PasswordInput
              {...register("novaSenha")}
              {...fieldAria(ids.nova, { error: errors.novaSenha?.message, hint: true })}
              aria-required
              autoComplete="new-password"
              maxLength={128}
            />
          </FormField>
          <FormField id={ids.confirmacao} label="Confirmar nova senha" required error={confirmError}>
            <PasswordInput
              {...register("confirmacao")}
              {...fieldAria(ids.confirmacao, { error: confirmError })}
              aria-required
              autoComplete="new-password"
              maxLength={128}
            />
          </FormField>
          <Button type="submit" className="justify-self-start" disabled={change.isPending}>
            {change.isPending ? "Salvando..." : "Alterar senha"}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
