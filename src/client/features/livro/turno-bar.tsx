import { useQuery } from "@tanstack/react-query";
import { BookOpenCheck, LogOut, NotebookPen, Plus } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { LIVRO_TEXTOS, POSTO_CENTRAL, encerrarTurnoSchema, type EncerrarTurnoInput, type Turno } from "@shared/schemas/livro";
import type { CondominioOption } from "@shared/schemas/painel";
import { formatDesde } from "@shared/time";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { Form } from "~/components/ui/form";
import { toastFormErrors } from "~/components/ui/form-errors";
import { SelectOptions, TextareaField } from "~/components/ui/form-field-kit";
import { Label } from "~/components/ui/input";
import { ListError, Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { Select, SelectTrigger, SelectValue } from "~/components/ui/select";
import { useAuth } from "~/lib/auth";
import { saveCallbacks } from "~/lib/save-callbacks";
import { useActionGuard } from "~/lib/use-action-guard";
import { useZodForm } from "~/lib/use-zod-form";
import { CENTRAL, passagemQuery, useAbrirTurno, useEncerrarTurno } from "./api";
import { PassagemResumo } from "./passagem";
import { postoNome } from "./rotulos";

/**
 * The operator's shift (gate-operation-spec §5): with none, 'Iniciar turno' (the post, its
 * handover, 'Li e assumo o turno'); with one, where and since when, 'Registrar ocorrência' and
 * 'Encerrar turno'. Nothing is written in the book outside a shift: the button is not there.
 */
export function TurnoBar({
  turno,
  loading,
  error,
  condominios,
  onRegistrar,
}: {
  turno: Turno | null | undefined;
  loading: boolean;
  error: unknown;
  condominios: readonly CondominioOption[];
  onRegistrar: () => void;
}) {
  const [iniciando, setIniciando] = useState(false);
  const [encerrando, setEncerrando] = useState<Turno | null>(null);
  // Held here, not in the dialogs: the shift opened or closed swaps the bar's buttons, and the
  // save's toast must outlive that.
  const abrir = useAbrirTurno();
  const encerrar = useEncerrarTurno();
  // A shift opened or closed here: the focus goes to the next step (its trigger is gone with the dialog).
  const registrarRef = useRef<HTMLButtonElement>(null);
  const iniciarRef = useRef<HTMLButtonElement>(null);
  const turnoId = turno?.id ?? null;
  const anterior = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (loading) return;
    const mudou = anterior.current !== undefined && anterior.current !== turnoId;
    anterior.current = turnoId;
    if (mudou) (turnoId ? registrarRef : iniciarRef).current?.focus();
  }, [loading, turnoId]);
  if (loading) return <Loading label="Carregando turno..." className="justify-start px-0 py-2" />;
  if (error) return <ListError error={error} className="px-0 py-2 text-left" />;
  return (
    <Card className="flex flex-wrap items-center justify-between gap-3 p-4 print:hidden" role="region" aria-label="Turno">
      {turno ? (
        <>
          <p className="flex items-center gap-2 font-medium text-slate-900" data-testid="turno-atual">
            <BookOpenCheck className="h-5 w-5 text-emerald-700" aria-hidden />
            {LIVRO_TEXTOS.turnoEm(postoNome(turno), formatDesde(turno.iniciado_em))}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setEncerrando(turno)}>
              <LogOut aria-hidden /> Encerrar turno
            </Button>
            <Button ref={registrarRef} onClick={onRegistrar}>
              <Plus aria-hidden /> Registrar ocorrência
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="flex items-center gap-2 font-medium text-slate-900" data-testid="turno-atual">
            <NotebookPen className="h-5 w-5 text-slate-600" aria-hidden />
            {LIVRO_TEXTOS.nenhumTurno}
          </p>
          <Button ref={iniciarRef} onClick={() => setIniciando(true)}>
            Iniciar turno
          </Button>
        </>
      )}
      <IniciarTurnoDialog abrir={abrir} open={iniciando} onClose={() => setIniciando(false)} condominios={condominios} />
      <EncerrarTurnoDialog encerrar={encerrar} turno={encerrando} onClose={() => setEncerrando(null)} />
    </Card>
  );
}

/** 'Iniciar turno': the post, then its handover, confirmed with 'Li e assumo o turno'. */
function IniciarTurnoDialog({
  abrir,
  open,
  onClose,
  condominios,
}: {
  abrir: ReturnType<typeof useAbrirTurno>;
  open: boolean;
  onClose: () => void;
  condominios: readonly CondominioOption[];
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !abrir.isPending && onClose()}>
      <DialogContent className="max-w-2xl">
        <div className="grid gap-1.5 pr-6">
          <DialogTitle>Iniciar turno</DialogTitle>
          <DialogDescription>Escolha o posto e leia a passagem de turno antes de assumir.</DialogDescription>
        </div>
        {open && <IniciarTurno abrir={abrir} condominios={condominios} onDone={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function IniciarTurno({
  abrir,
  condominios,
  onDone,
}: {
  abrir: ReturnType<typeof useAbrirTurno>;
  condominios: readonly CondominioOption[];
  onDone: () => void;
}) {
  const uid = useId();
  const guard = useActionGuard();
  const { profile } = useAuth();
  // The central is offered to who serves every condominium (decision 0280); the server decides.
  const postos = [
    ...condominios.map((c) => ({ value: c.id, label: c.nome })),
    ...(profile?.acesso_todos_condominios ? [{ value: CENTRAL, label: POSTO_CENTRAL }] : []),
  ];
  const [posto, setPosto] = useState(postos.length === 1 ? postos[0]!.value : "");
  const passagem = useQuery(passagemQuery(posto));
  useQueryErrorToast(passagem.error, LIVRO_TEXTOS.erroPassagem);

  function assumir() {
    if (!passagem.data || !guard("registrar_ocorrencias")) return;
    abrir.mutate(
      { condominio_id: posto === CENTRAL ? null : posto, turno_anterior_id: passagem.data.ultimo_turno?.id ?? null, li_e_assumo: true },
      saveCallbacks({ success: LIVRO_TEXTOS.turnoIniciado, error: LIVRO_TEXTOS.erroIniciarTurno, done: onDone }),
    );
  }

  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${uid}-posto`}>Posto</Label>
        <Select value={posto} onValueChange={setPosto}>
          <SelectTrigger id={`${uid}-posto`} aria-required>
            <SelectValue placeholder="Escolha o posto" />
          </SelectTrigger>
          <SelectOptions options={postos} />
        </Select>
      </div>
      {posto &&
        (passagem.isPending ? (
          <Loading label="Carregando a passagem de turno..." />
        ) : passagem.isError ? (
          <ListError error={passagem.error} />
        ) : (
          <PassagemResumo passagem={passagem.data} />
        ))}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <DialogClose asChild>
          <Button type="button" variant="outline" disabled={abrir.isPending}>
            Cancelar
          </Button>
        </DialogClose>
        <Button type="button" onClick={assumir} disabled={!passagem.data || passagem.isFetching || abrir.isPending}>
          {abrir.isPending ? "Abrindo turno..." : LIVRO_TEXTOS.liEAssumo}
        </Button>
      </div>
    </div>
  );
}

/** 'Encerrar turno': the handover notes the post's next operator reads. */
function EncerrarTurnoDialog({ encerrar, turno, onClose }: { encerrar: ReturnType<typeof useEncerrarTurno>; turno: Turno | null; onClose: () => void }) {
  return (
    <FormDialog
      open={turno !== null}
      pending={encerrar.isPending}
      onClose={onClose}
      title="Encerrar turno"
      description={turno ? `Turno em ${postoNome(turno)}. O próximo operador do posto lê a passagem antes de assumir.` : ""}
    >
      {turno && <EncerrarForm turno={turno} encerrar={encerrar} onDone={onClose} />}
    </FormDialog>
  );
}

function EncerrarForm({ turno, encerrar, onDone }: { turno: Turno; encerrar: ReturnType<typeof useEncerrarTurno>; onDone: () => void }) {
  const guard = useActionGuard();
  const form = useZodForm(encerrarTurnoSchema, { defaultValues: { passagem: "" } });
  const { handleSubmit, control, setError } = form;
  function onValid(values: EncerrarTurnoInput) {
    if (!guard("registrar_ocorrencias")) return;
    encerrar.mutate(
      { id: turno.id, values },
      saveCallbacks({ success: LIVRO_TEXTOS.turnoEncerrado, error: LIVRO_TEXTOS.erroEncerrarTurno, form: { setError, fields: ["passagem"] }, done: onDone }),
    );
  }
  return (
    <Form {...form}>
      <form onSubmit={handleSubmit(onValid, toastFormErrors)} noValidate className="grid gap-4">
        <TextareaField
          label="Passagem de turno"
          required
          hint="O que o próximo operador precisa saber: pendências, recados, o que ficou combinado."
          control={control}
          name="passagem"
          rows={5}
          maxLength={4000}
          autoFocus
        />
        <DialogFormActions pending={encerrar.isPending} submitLabel={encerrar.isPending ? "Encerrando..." : "Encerrar turno"} />
      </form>
    </Form>
  );
}
