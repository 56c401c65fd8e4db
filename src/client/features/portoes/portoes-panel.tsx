import { BellRing, DoorOpen } from "lucide-react";
import { useState } from "react";
import type { Alarme } from "@shared/schemas/alarmes";
import { formatTime } from "@shared/time";
import { COMANDOS_TEXTOS, motivoDaAberturaSchema, textoDoComando, type Comando, type Portao } from "@shared/schemas/comandos";
import { SENTIDO_PORTA_ROTULO } from "@shared/schemas/dispositivos";
import { CienteButton } from "~/components/portaria/ciente-button";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Form } from "~/components/ui/form";
import { DialogFormActions, FormDialog } from "~/components/ui/form-dialog";
import { toastFormErrors } from "~/components/ui/form-errors";
import { TextareaField } from "~/components/ui/form-field-kit";
import { Loading } from "~/components/ui/query-state";
import { toastApiError } from "~/lib/toast";
import { useZodForm } from "~/lib/use-zod-form";
import { cn } from "~/lib/utils";
import { novaChave, useAbrirPortao, useAlarmesDoConsole, useCiente, useComandos, usePortoes, useTempoReal } from "./api";

const chaveDaPorta = (p: { dispositivo: { id: string }; porta: number }) => `${p.dispositivo.id}:${p.porta}`;

/** The colour of a command's line: where it stands, at a glance at 3 a.m. */
const TOM: Record<Comando["estado"], string> = {
  solicitado: "bg-slate-100 text-slate-800",
  enviado: "bg-slate-100 text-slate-800",
  executado: "bg-sky-50 text-sky-900",
  aberta: "bg-emerald-50 text-emerald-900",
  fechada: "bg-slate-50 text-slate-800",
  falhou: "bg-red-50 text-red-900",
};

/**
 * 'Portões' (gate-operation-spec §2.2): the doors of the condominium's active devices, each with
 * 'Abrir'. An opening without a registered person asks for the reason (it is recorded); the
 * command's state follows live ('Enviando...', 'Comando executado', 'Portão aberto', 'Portão
 * fechado', 'Falhou: ...'), pushed by the server from whichever instance ran it.
 */
export function PortoesPanel({ condominioId }: { condominioId: string }) {
  useTempoReal(condominioId);
  const portoes = usePortoes(condominioId);
  const comandos = useComandos(condominioId);
  const abrir = useAbrirPortao();
  const [pedindo, setPedindo] = useState<Portao | null>(null);
  // One key per dialog: a retried or doubled submit of the same reason opens once.
  const [chave, setChave] = useState(novaChave);

  const ultimo = new Map<string, Comando>();
  for (const c of comandos.data?.comandos ?? []) if (!ultimo.has(chaveDaPorta(c))) ultimo.set(chaveDaPorta(c), c);
  const lista = portoes.data?.portoes ?? [];

  return (
    <Card>
      <CardContent className="grid gap-3 pt-6">
        <AlarmesDoConsole condominioId={condominioId} />
        <h2 className="text-base font-semibold text-slate-900">Portões</h2>
        {portoes.isPending ? (
          <Loading label="Carregando portões..." />
        ) : lista.length === 0 ? (
          <p className="text-sm text-slate-600">Nenhum dispositivo ativo neste condomínio.</p>
        ) : (
          <ul className="grid gap-3" aria-label="Portões do condomínio">
            {lista.map((portao) => {
              const comando = ultimo.get(chaveDaPorta(portao));
              return (
                <li key={chaveDaPorta(portao)} className="grid gap-2 rounded-md border border-slate-200 p-3">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div className="grid">
                      <span className="font-medium text-slate-900">{portao.nome}</span>
                      <span className="text-xs text-slate-600">
                        {portao.dispositivo.nome} · {SENTIDO_PORTA_ROTULO[portao.sentido]}
                      </span>
                    </div>
                    <div className="flex items-center gap-2">
                      {portao.estado_dispositivo !== "online" && (
                        <Badge variant={portao.estado_dispositivo === "erro" ? "red" : "grey"}>
                          {portao.estado_dispositivo === "erro" ? "Com erro" : "Offline"}
                        </Badge>
                      )}
                      <Button
                        type="button"
                        size="sm"
                        aria-label={`Abrir ${portao.nome}`}
                        onClick={() => {
                          setChave(novaChave());
                          setPedindo(portao);
                        }}
                      >
                        <DoorOpen aria-hidden /> Abrir
                      </Button>
                    </div>
                  </div>
                  <p
                    role="status"
                    aria-live="polite"
                    aria-label={`Estado de ${portao.nome}`}
                    className={cn("rounded px-2 py-1 text-sm", comando ? TOM[comando.estado] : "sr-only")}
                  >
                    {comando ? textoDoComando(comando) : ""}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </CardContent>
      <FormDialog
        open={pedindo !== null}
        pending={abrir.isPending}
        onClose={() => setPedindo(null)}
        title={pedindo ? `Abrir ${pedindo.nome}` : "Abrir"}
        description="Ninguém foi registrado para esta abertura: diga por que o portão vai abrir. Fica registrado com o seu nome e a hora."
      >
        {pedindo && (
          <MotivoForm
            pending={abrir.isPending}
            onConfirm={({ motivo }) =>
              abrir.mutate(
                { condominio_id: condominioId, dispositivo_id: pedindo.dispositivo.id, porta: pedindo.porta, chave_idempotencia: chave, motivo },
                { onSuccess: () => setPedindo(null), onError: (error) => toastApiError(COMANDOS_TEXTOS.abrir, error) },
              )
            }
          />
        )}
      </FormDialog>
    </Card>
  );
}

function MotivoForm({ pending, onConfirm }: { pending: boolean; onConfirm: (values: { motivo: string }) => void }) {
  const form = useZodForm(motivoDaAberturaSchema, { defaultValues: { motivo: "" } });
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onConfirm, toastFormErrors)} noValidate className="grid gap-4">
        <TextareaField label="Motivo da abertura" required control={form.control} name="motivo" maxLength={200} rows={3} />
        <DialogFormActions pending={pending} submitLabel="Abrir portão" />
      </form>
    </Form>
  );
}

/**
 * The condominium's alarms (§2.3) on the console, the moment any instance raises them, until an
 * operator's 'Ciente' (who and when are recorded). A screen reader hears each new one.
 */
function AlarmesDoConsole({ condominioId }: { condominioId: string }) {
  const alarmes = useAlarmesDoConsole(condominioId);
  const ciente = useCiente(condominioId);
  const lista = alarmes.data?.alarmes ?? [];
  return (
    <section aria-label="Alarmes do condomínio" className={cn("grid gap-2", lista.length === 0 && "sr-only")}>
      <h2 className="flex items-center gap-2 text-base font-semibold text-red-800">
        <BellRing aria-hidden className="size-4" /> Alarmes ({lista.length})
      </h2>
      {/* A new alarm is read out at once; one acknowledged leaves quietly. */}
      <div aria-live="assertive" aria-relevant="additions">
        <ul className="grid gap-2">
          {lista.map((alarme) => (
            <li
              key={alarme.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-red-200 bg-red-50 p-2 text-sm text-red-900"
            >
              <span>
                <span className="font-medium">{alarme.mensagem}</span> <span className="text-red-800">{quando(alarme)}</span>
              </span>
              <CienteButton mensagem={alarme.mensagem} pending={ciente.isPending} onCiente={(callbacks) => ciente.mutate(alarme.id, callbacks)} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** 'às 21:03', and when the condition ended by itself ('voltou às 21:07'). */
const quando = (a: Alarme) => `às ${formatTime(a.criado_em)}${a.encerrado_em ? ` · encerrado às ${formatTime(a.encerrado_em)}` : ""}`;
