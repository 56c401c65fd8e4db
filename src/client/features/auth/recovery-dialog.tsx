import { useEffect, useState, type FormEvent } from "react";
import { MSG } from "@shared/messages";
import { recoveryRequestSchema } from "@shared/schemas/auth";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { Input, Label } from "~/components/ui/input";
import { api } from "~/lib/api";
import { toast, toastError } from "~/lib/toast";

/** Login's forgot-password dialog (§2 Login): loaded when first opened, as few visitors need it. */
export default function RecoveryDialog(props: { open: boolean; onOpenChange: (open: boolean) => void; initialEmail: string; onSent: () => void }) {
  const [email, setEmail] = useState(props.initialEmail);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (props.open) setEmail(props.initialEmail);
  }, [props.open, props.initialEmail]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = recoveryRequestSchema.safeParse({ email });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? MSG.recoveryEmailRequired.message;
      toast({
        title: message === MSG.recoveryEmailRequired.message ? MSG.recoveryEmailRequired.title : MSG.sendEmailError.title,
        description: message,
        variant: "destructive",
      });
      return;
    }
    setSending(true);
    try {
      await api.POST("/api/auth/request-password-reset", { body: { email: parsed.data.email, redirectTo: "/login" } });
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
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor="recovery-email">Email</Label>
            <Input id="recovery-email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          </div>
          <Button type="submit" disabled={sending}>
            {sending ? "Enviando..." : "Enviar link de recuperação"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
