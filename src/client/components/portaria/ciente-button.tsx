import { ALARMES_TEXTOS } from "@shared/schemas/alarmes";
import { Button } from "~/components/ui/button";
import { toast, toastApiError } from "~/lib/toast";

/**
 * 'Ciente' on an alarm (gate-operation-spec §2.3), on the console and in 'Alarmes': the server
 * records who and when; the toast says it was recorded, or why not.
 */
export function CienteButton({
  mensagem,
  pending,
  onCiente,
}: {
  mensagem: string;
  pending: boolean;
  onCiente: (callbacks: { onSuccess: () => void; onError: (error: unknown) => void }) => void;
}) {
  return (
    <Button
      type="button"
      size="sm"
      variant="outline"
      disabled={pending}
      aria-label={`Ciente: ${mensagem}`}
      onClick={() => onCiente({ onSuccess: () => toast({ title: ALARMES_TEXTOS.cienteOk }), onError: (error) => toastApiError(ALARMES_TEXTOS.ciente, error) })}
    >
      Ciente
    </Button>
  );
}
