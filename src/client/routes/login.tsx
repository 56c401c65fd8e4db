import { Loader2, LogIn } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { MSG, SUCCESS, TOAST_DURATION } from "@shared/messages";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { Form, FormControl, FormField, FormItem, FormLabel } from "~/components/ui/form";
import { Input } from "~/components/ui/input";
import { PasswordInput } from "~/components/ui/password-input";
import { useAuth } from "~/lib/auth";
import { destinationAfterLogin } from "~/lib/post-login";
import { toast, toastError } from "~/lib/toast";
import { useZodForm } from "~/lib/use-zod-form";
import type { Route } from "./+types/login";

// The validation schemas (and zod under them) load when the visitor starts filling the form, and
// the recovery dialog when it is opened: neither is needed to show the page.
const loadAuthSchemas = () => import("@shared/schemas/auth");
const preloadAuthSchemas = () => void loadAuthSchemas();
const loadLoginSchema = () => loadAuthSchemas().then((schemas) => schemas.loginSchema);
const RecoveryDialog = lazy(() => import("~/features/auth/recovery-dialog"));

export function meta(): Route.MetaDescriptors {
  return [{ title: "Entrar | Sentinela Segurança Eletrônica" }, { name: "description", content: "Acesso da equipe e dos usuários do Portaria Web." }];
}

export default function Login() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  // A missing email or password is told by the toast, not under the fields; the focus stays put.
  const form = useZodForm(loadLoginSchema, { defaultValues: { email: "", password: "" }, shouldFocusError: false });
  const email = useWatch({ control: form.control, name: "email" });
  const [submitting, setSubmitting] = useState(false);
  const [recoveryOpen, setRecoveryOpen] = useState(false);
  // Mounted from the first opening on, so that closing it animates like any dialog.
  const [recoveryUsed, setRecoveryUsed] = useState(false);
  const from = (location.state as { from?: string } | null)?.from;
  // ?convite=aceito: the resident just accepted the Área do Morador's invitation (routes/morador/convite.tsx).
  const [conviteAceito, setConviteAceito] = useState(false);

  // ?status=recovery_sent: say so once, then clean the URL.
  useEffect(() => {
    if (searchParams.get("status") !== "recovery_sent") return;
    toast({ title: SUCCESS.recoverySent.title, description: SUCCESS.recoverySent.message, duration: TOAST_DURATION.default });
    const next = new URLSearchParams(searchParams);
    next.delete("status");
    setSearchParams(next, { replace: true, state: location.state });
  }, [searchParams, setSearchParams, location.state]);

  // ?convite=aceito: say so beside the form (read after hydration: the prerendered page has no query), then clean the URL.
  useEffect(() => {
    if (searchParams.get("convite") !== "aceito") return;
    setConviteAceito(true);
    const next = new URLSearchParams(searchParams);
    next.delete("convite");
    setSearchParams(next, { replace: true, state: location.state });
  }, [searchParams, setSearchParams, location.state]);

  // Already signed in with first access done: /login leads to Portaria Web; a resident without a
  // staff profile, to the Área do Morador.
  const signedIn = auth.profile ? auth.profile.primeiro_acesso_concluido : auth.user !== null && auth.morador;
  if (!submitting && signedIn) return <Navigate to={destinationAfterLogin({ profile: auth.profile, morador: auth.morador }, from)} replace />;

  function onInvalid() {
    toast({ title: MSG.loginRequired.title, description: MSG.loginRequired.message, variant: "destructive" });
  }

  async function onValid(values: { email: string; password: string }) {
    setSubmitting(true);
    try {
      const me = await auth.signIn(values.email, values.password);
      toast({ title: SUCCESS.login.title, description: SUCCESS.login.message, variant: "success", duration: TOAST_DURATION.short });
      navigate(destinationAfterLogin(me, from), { replace: true });
    } catch (error) {
      toastError(MSG.authError.title, error, MSG.authError.message, TOAST_DURATION.short);
      setSubmitting(false);
    }
  }

  return (
    <section className="flex min-h-[calc(100vh-4rem)] items-center justify-center bg-gradient-to-br from-slate-100 to-brand-50 px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-600 text-white">
            <LogIn className="h-6 w-6" aria-hidden />
          </span>
          <h1 className="text-2xl font-bold">Entrar</h1>
          <p className="text-sm text-slate-600">Acesse o painel e o Portaria Web com seu email e senha.</p>
        </CardHeader>
        <CardContent>
          {/* Always present, so that the notice is announced when it appears. */}
          <p role="status" className={conviteAceito ? "mb-4 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900" : "sr-only"}>
            {conviteAceito ? "Acesso criado: entre com seu email e senha." : null}
          </p>
          <Form {...form}>
            <form onSubmit={form.handleSubmit(onValid, onInvalid)} onFocus={preloadAuthSchemas} noValidate className="grid gap-4">
              <FormField
                control={form.control}
                name="email"
                render={({ field }) => (
                  <FormItem quietError>
                    <FormLabel>Email</FormLabel>
                    <FormControl>
                      <Input type="email" autoComplete="username" placeholder="seu@email.com.br" {...field} />
                    </FormControl>
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="password"
                render={({ field }) => (
                  <FormItem quietError>
                    <div className="flex items-center justify-between">
                      <FormLabel>Senha</FormLabel>
                      <button
                        type="button"
                        className="text-sm text-brand-700 underline-offset-4 hover:underline"
                        onClick={() => {
                          setRecoveryUsed(true);
                          setRecoveryOpen(true);
                        }}
                      >
                        Esqueceu a senha?
                      </button>
                    </div>
                    <FormControl>
                      <PasswordInput autoComplete="current-password" {...field} />
                    </FormControl>
                  </FormItem>
                )}
              />
              <Button type="submit" disabled={submitting} className="w-full">
                {submitting ? (
                  <>
                    <Loader2 className="animate-spin" aria-hidden /> Verificando...
                  </>
                ) : (
                  "Entrar"
                )}
              </Button>
              <p className="text-center text-sm text-slate-600">
                Problemas para acessar?{" "}
                <Link to="/contato" className="font-medium text-brand-700 underline-offset-4 hover:underline">
                  Fale conosco
                </Link>
              </p>
            </form>
          </Form>
        </CardContent>
      </Card>
      {recoveryUsed && (
        <Suspense fallback={null}>
          <RecoveryDialog
            open={recoveryOpen}
            onOpenChange={setRecoveryOpen}
            initialEmail={email}
            onSent={() => setSearchParams({ status: "recovery_sent" }, { state: location.state })}
          />
        </Suspense>
      )}
    </section>
  );
}
