import { useWatch } from "react-hook-form";
import { aceitarConviteSchema, MORADOR_TEXTOS } from "@shared/schemas/morador";
import { newPasswordSchema, type NewPassword } from "@shared/schemas/auth";
import { Button } from "~/components/ui/button";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { passwordMismatch, PasswordField } from "~/components/ui/form-field-kit";
import { ApiError } from "~/lib/api";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useZodForm } from "~/lib/use-zod-form";
import { useAceitarConvite } from "./api";

// Accepting the invitation (gate-operation-spec §3.1): a new password typed twice, or, when the
// e-mail already signs in to the portal, the password it has. The server's field messages (a weak
// password, a wrong one) go under their fields; a link that stopped working turns the page.

/** The field of the second case, as the server's schema checks it. */
const senhaExistenteSchema = aceitarConviteSchema.options[1].pick({ senhaAtual: true });

const NOVA_SENHA_CAMPOS = ["novaSenha", "confirmacao"] as const;
const SENHA_EXISTENTE_CAMPOS = ["senhaAtual"] as const;

export interface ConviteFormProps {
  token: string;
  /** The e-mail the invitation went to (the account's sign-in e-mail). */
  email: string;
  /** The e-mail already signs in: ask for its password instead of a new one. */
  contaExistente: boolean;
  /** Accepted (204). */
  onAceito: () => void;
  /** The server says the link no longer works (used meanwhile, replaced, expired). */
  onInvalido: () => void;
}

const linkInvalido = (error: unknown) => error instanceof ApiError && error.code === "CONVITE_INVALIDO";

export function ConviteForm(props: ConviteFormProps) {
  return props.contaExistente ? <SenhaExistenteForm {...props} /> : <NovaSenhaForm {...props} />;
}

function NovaSenhaForm({ token, onAceito, onInvalido }: ConviteFormProps) {
  const aceitar = useAceitarConvite();
  const form = useZodForm(newPasswordSchema, { defaultValues: { novaSenha: "", confirmacao: "" } });
  const { control, handleSubmit, setError } = form;
  const [novaSenha, confirmacao] = useWatch({ control, name: ["novaSenha", "confirmacao"] });

  function onValid(values: NewPassword) {
    aceitar.mutate(
      { tipo: "nova_senha", token, ...values },
      saveCallbacks({
        // The next page says it ('Acesso criado: entre com seu email e senha.').
        success: () => null,
        error: MORADOR_TEXTOS.aceitar,
        form: { setError, fields: NOVA_SENHA_CAMPOS },
        done: onAceito,
        failed: (error) => linkInvalido(error) && onInvalido(),
      }),
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate aria-labelledby="convite-crie-sua-senha" className="grid gap-4">
        <h2 id="convite-crie-sua-senha" className="text-lg font-semibold text-slate-900">
          Crie sua senha
        </h2>
        <PasswordField
          label="Nova senha"
          required
          hint="Pelo menos 6 caracteres."
          control={control}
          name="novaSenha"
          autoComplete="new-password"
          maxLength={128}
        />
        <PasswordField
          label="Confirme a nova senha"
          required
          liveError={passwordMismatch(novaSenha, confirmacao)}
          control={control}
          name="confirmacao"
          autoComplete="new-password"
          maxLength={128}
        />
        <Button type="submit" disabled={aceitar.isPending} className="w-full">
          {aceitar.isPending ? "Salvando..." : "Criar senha"}
        </Button>
      </form>
    </Form>
  );
}

function SenhaExistenteForm({ token, email, onAceito, onInvalido }: ConviteFormProps) {
  const aceitar = useAceitarConvite();
  const form = useZodForm(senhaExistenteSchema, { defaultValues: { senhaAtual: "" } });
  const { control, handleSubmit, setError } = form;

  function onValid(values: { senhaAtual: string }) {
    aceitar.mutate(
      { tipo: "senha_existente", token, ...values },
      saveCallbacks({
        success: () => null,
        error: MORADOR_TEXTOS.aceitar,
        form: { setError, fields: SENHA_EXISTENTE_CAMPOS },
        done: onAceito,
        failed: (error) => linkInvalido(error) && onInvalido(),
      }),
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate aria-describedby="convite-conta-existente" className="grid gap-4">
        <p id="convite-conta-existente" className="text-sm text-slate-700 [overflow-wrap:anywhere]">
          Você já entra no portal com {email}: confirme a sua senha para acrescentar esta unidade.
        </p>
        <PasswordField label="Sua senha" required control={control} name="senhaAtual" autoComplete="current-password" maxLength={128} />
        <Button type="submit" disabled={aceitar.isPending} className="w-full">
          {aceitar.isPending ? "Confirmando..." : "Confirmar senha"}
        </Button>
      </form>
    </Form>
  );
}
