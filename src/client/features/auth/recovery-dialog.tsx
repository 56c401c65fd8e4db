import { useEffect, useState } from "react";
import type { FieldErrors } from "react-hook-form";
import { MSG } from "@shared/messages";
import { recoveryRequestSchema } from "@shared/schemas/auth";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel } from "~/components/ui/form";
import { Input } from "~/components/ui/input";
import { api } from "~/lib/api";
import { toast, toastError } from "~/lib/toast";
import { useZodForm, type ZodFormValues } from "~/lib/use-zod-form";

/** Login's forgot-password dialog (§2 Login): loaded when first opened, as few visitors need it. */
export default function RecoveryDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; initialEmail: string; onSent: () => void }) {
  // What is wrong is told by a toast, not under the field.
  const form = useZodForm(recoveryRequestSchema, { defaultValues: { email: props.initialEmail }, shouldFocusError: false });
  const { reset } = form;
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (props.open) reset({ email: props.initialEmail });
  }, [props.open, props.initialEmail, reset]);

  function onInvalid(errors: FieldErrors<ZodFormValues<typeof recoveryRequestSchema>>) {
    const message = errors.email?.message ?? MSG.recoveryEmailRequired.message;
    toast({
      title: message === MSG.recoveryEmailRequired.message ? MSG.recoveryEmailRequired.title : MSG.sendEmailError.title,
      description: message,
      variant: "destructive",
    });
  }

  async function onValid({ email }: { email: string }) {
    setSending(true);
    try {
      await api.POST("/api/auth/request-password-reset", { body: { email, redirectTo: "/login" } });
      props.onOpenChange(false);
      props.onSent();
    } catch (error) {
      toastError(MSG.sendEmailError.title, error, MSG.sendEmailError.message);
    } finally {
      setSending(false);
    }
  }

  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent>
        <DialogTitle>Recuperar senha</DialogTitle>
        <DialogDescription>Informe seu email. Enviaremos um link para você criar uma nova senha.</DialogDescription>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onValid, onInvalid)} noValidate className="grid gap-4">
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem quietError>
                  <FormLabel>Email</FormLabel>
                  <FormControl>
                    <Input type="email" autoComplete="email" {...field} />
                  </FormControl>
                </FormItem>
              )}
            />
            <Button type="submit" disabled={sending}>
              {sending ? "Enviando..." : "Enviar link de recuperação"}
            </Button>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
