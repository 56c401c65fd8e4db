import { KeyRound } from "lucide-react";
import { useId } from "react";
import { useWatch } from "react-hook-form";
import { MSG, SUCCESS } from "@shared/messages";
import { changePasswordSchema } from "@shared/schemas/auth";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { passwordMismatch, PasswordField } from "~/components/ui/form-field-kit";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useZodForm } from "~/lib/use-zod-form";
import { useChangePassword, type ChangePasswordValues } from "./api";

const FIELDS = ["senhaAtual", "novaSenha", "confirmacao"] as const;

/** Minha conta: change one's own password (current + new + confirmation), the rules of §5. */
export function SenhaForm() {
  const uid = useId();
  const change = useChangePassword();
  const form = useZodForm(changePasswordSchema, { defaultValues: { senhaAtual: "", novaSenha: "", confirmacao: "" } });
  const { handleSubmit, setError, reset, control } = form;
  const [novaSenha, confirmacao] = useWatch({ control, name: ["novaSenha", "confirmacao"] });

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
        <Form {...form}>
          <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid max-w-md gap-4">
            <PasswordField label="Senha atual" required control={control} name="senhaAtual" autoComplete="current-password" maxLength={128} />
            <PasswordField
              label="Nova senha"
              required
              hint="Pelo menos 6 caracteres, diferente da atual."
              control={control}
              name="novaSenha"
              autoComplete="new-password"
              maxLength={128}
            />
            <PasswordField
              label="Confirmar nova senha"
              required
              liveError={passwordMismatch(novaSenha, confirmacao)}
              control={control}
              name="confirmacao"
              autoComplete="new-password"
              maxLength={128}
            />
            <Button type="submit" className="justify-self-start" disabled={change.isPending}>
              {change.isPending ? "Salvando..." : "Alterar senha"}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
