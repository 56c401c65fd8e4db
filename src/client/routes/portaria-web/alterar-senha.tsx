import { KeyRound } from "lucide-react";
import { useEffect, useState } from "react";
import { useWatch, type FieldErrors } from "react-hook-form";
import { Link, Navigate, useNavigate, useSearchParams } from "react-router";
import { MSG, SUCCESS } from "@shared/messages";
import { newPasswordSchema, type NewPassword } from "@shared/schemas/auth";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "~/components/ui/form";
import { passwordMismatch } from "~/components/ui/form-field-kit";
import { Loading } from "~/components/ui/query-state";
import { PasswordInput } from "~/components/ui/password-input";
import { api } from "~/lib/api";
import { useAuth } from "~/lib/auth";
import { PORTARIA_HOME } from "~/lib/post-login";
import { toast, toastError } from "~/lib/toast";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";
import type { Route } from "./+types/alterar-senha";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Alterar senha | Portaria Web" }, { name: "robots", content: "noindex" }];
}

type LinkState = "checking" | "valid" | "invalid";

/**
 * Whether the e-mailed link still works, asked before the user types two passwords. If the
 * question itself fails (network, too many tries), the form is shown and the reset answers.
 */
function useResetLink(token: string | null): LinkState | null {
  const [checked, setChecked] = useState<{ token: string; valid: boolean } | null>(null);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    api
      .GET("/api/redefinicao-senha", { params: { query: { token } }, signal: controller.signal })
      .then(({ valido }) => setChecked({ token, valid: valido }))
      .catch(() => {
        if (!controller.signal.aborted) setChecked({ token, valid: true });
      });
    return () => controller.abort();
  }, [token]);
  if (!token) return null;
  if (checked?.token !== token) return "checking";
  return checked.valid ? "valid" : "invalid";
}

/**
 * Two modes (§4): recovery, when the e-mailed link brought a token; first access, when the
 * signed-in user's profile has not completed it. Anyone else is sent away.
 */
export default function AlterarSenha() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token");
  // What is wrong is told by a toast; only the live mismatch shows under the confirmation.
  const form = useZodForm(newPasswordSchema, { defaultValues: { novaSenha: "", confirmacao: "" }, shouldFocusError: false });
  const [novaSenha, confirmacao] = useWatch({ control: form.control, name: ["novaSenha", "confirmacao"] });
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);
  const link = useResetLink(token);

  const recovery = Boolean(token);
  if (!recovery && !done) {
    if (auth.loading) {
      return <Loading className="min-h-screen" />;
    }
    if (!auth.user) return <Navigate to="/login" replace />;
    if (auth.profile?.primeiro_acesso_concluido) return <Navigate to={PORTARIA_HOME} replace />;
  }

  function onInvalid(errors: FieldErrors<ZodFormValues<typeof newPasswordSchema>>) {
    const tooShort = Object.values(errors).some((error) => error?.message === MSG.passwordTooShort.message);
    const entry = tooShort ? MSG.passwordTooShort : MSG.passwordMismatch;
    toast({ title: entry.title, description: entry.message, variant: "destructive" });
  }

  async function onValid(values: NewPassword) {
    setSaving(true);
    try {
      if (recovery) {
        await api.POST("/api/auth/reset-password", { body: { newPassword: values.novaSenha, token: token ?? undefined } });
      } else {
        await api.POST("/api/me/senha", { body: values });
      }
      setDone(true);
      toast({ title: SUCCESS.passwordChanged.title, description: SUCCESS.passwordChanged.message, variant: "success" });
      if (recovery) {
        navigate("/login", { replace: true });
      } else {
        await auth.reload();
        navigate(PORTARIA_HOME, { replace: true });
      }
    } catch (error) {
      toastError(MSG.changePasswordError.title, error, MSG.changePasswordError.message);
      setSaving(false);
    }
  }

  const title = recovery ? "Redefinir Senha" : "Definir Nova Senha";
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 to-brand-50 px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-600 text-white">
            <KeyRound className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">{title}</h1>
          {link !== "invalid" && (
            <p className="text-sm text-slate-600">
              {recovery ? "Crie uma nova senha para a sua conta." : "Este é o seu primeiro acesso. Defina uma senha pessoal para continuar."}
            </p>
          )}
        </CardHeader>
        <CardContent>
          {link === "checking" && !done ? (
            <Loading label="Verificando o link..." />
          ) : link === "invalid" && !done ? (
            <div className="grid gap-4">
              <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-sm text-red-800">
                {MSG.recoveryLinkInvalid.message}
              </p>
              <p className="text-sm text-slate-600">Na tela de login, use “Esqueceu a senha?” para receber um novo link.</p>
              <Button asChild>
                <Link to="/login">Ir para o login</Link>
              </Button>
            </div>
          ) : (
            <Form {...form}>
              <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4">
                <FormField
                  control={form.control}
                  name="novaSenha"
                  render={({ field }) => (
                    <FormItem quietError>
                      <FormLabel>Nova senha</FormLabel>
                      <FormControl>
                        <PasswordInput autoComplete="new-password" {...field} />
                      </FormControl>
                      <FormDescription>Pelo menos 6 caracteres.</FormDescription>
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="confirmacao"
                  render={({ field }) => (
                    <FormItem quietError liveError={passwordMismatch(novaSenha, confirmacao)}>
                      <FormLabel>Confirmar nova senha</FormLabel>
                      <FormControl>
                        <PasswordInput autoComplete="new-password" {...field} />
                      </FormControl>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <Button type="submit" disabled={saving}>
                  {saving ? "Salvando..." : "Salvar nova senha"}
                </Button>
              </form>
            </Form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
