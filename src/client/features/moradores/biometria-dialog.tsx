import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState, type FormEvent } from "react";
import { BIOMETRIA_MENSAGENS, BIOMETRIA_TEXTOS, FOTO_MAX_BYTES } from "@shared/schemas/biometria";
import { CARTOES_TEXTOS, TIPO_CARTAO_ROTULO, TIPOS_CARTAO, cartaoInputSchema, type TipoCartao } from "@shared/schemas/cartoes";
import { formatDateTime } from "@shared/time";
import { Button } from "~/components/ui/button";
import { FormDialog } from "~/components/ui/form-dialog";
import { Input, Label } from "~/components/ui/input";
import { FilterSelect } from "~/components/ui/list-toolbar";
import { Loading, useQueryErrorToast } from "~/components/ui/query-state";
import { Switch } from "~/components/ui/switch";
import { ApiError, downloadApi } from "~/lib/api";
import { toast, toastApiError } from "~/lib/toast";
import { biometriaQuery, cartoesQuery, useBiometria, useCartoes } from "./api";

/** The file as a data URL, after the same checks the server makes (the server checks again). */
function lerFoto(file: File): Promise<string> {
  if (file.type !== "image/jpeg" && file.type !== "image/png") return Promise.reject(new Error(BIOMETRIA_MENSAGENS.fotoFormato));
  if (file.size > FOTO_MAX_BYTES) return Promise.reject(new Error(BIOMETRIA_MENSAGENS.fotoTamanho));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error(BIOMETRIA_MENSAGENS.fotoFormato));
    reader.readAsDataURL(file);
  });
}

/**
 * 'Foto e biometria' of a resident (gate-operation-spec §2.4): the face photo (JPEG or PNG, up to
 * 500 KB) and the biometric consent, with who recorded it and when, and the resident's cards and
 * tags. Without consent the photo goes to no device (LGPD art. 11); the resident keeps card, tag or QR.
 */
export function BiometriaDialog({ morador, onClose }: { morador: { id: string; nome_completo: string } | null; onClose: () => void }) {
  return (
    <FormDialog
      open={morador !== null}
      pending={false}
      onClose={onClose}
      title={morador ? `Foto e biometria: ${morador.nome_completo}` : "Foto e biometria"}
      description="O rosto só vai aos leitores faciais com o consentimento do morador (dado sensível, LGPD art. 11)."
    >
      {morador && (
        <div className="grid gap-6">
          <Biometria moradorId={morador.id} nome={morador.nome_completo} />
          <Cartoes moradorId={morador.id} />
        </div>
      )}
    </FormDialog>
  );
}

function Biometria({ moradorId, nome }: { moradorId: string; nome: string }) {
  const uid = useId();
  const query = useQuery(biometriaQuery(moradorId));
  useQueryErrorToast(query.error, BIOMETRIA_TEXTOS.carregar);
  const { enviarFoto, apagarFoto, consentimento } = useBiometria(moradorId);
  // A new photo is shown from the server again (its URL changes with each upload).
  const [versao, setVersao] = useState(0);
  const b = query.data;
  if (query.isPending || !b) return <Loading label="Carregando biometria..." />;

  async function escolher(file: File | undefined) {
    if (!file) return;
    try {
      const foto = await lerFoto(file);
      enviarFoto.mutate(foto, {
        onSuccess: () => {
          setVersao((v) => v + 1);
          toast({ title: BIOMETRIA_TEXTOS.fotoOk });
        },
        onError: (error) => toastApiError(BIOMETRIA_TEXTOS.foto, error),
      });
    } catch (error) {
      toastApiError(BIOMETRIA_TEXTOS.foto, error);
    }
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-4">
        {b.tem_foto ? (
          <Foto moradorId={moradorId} versao={versao} nome={nome} />
        ) : (
          <div className="grid h-28 w-28 place-items-center rounded-md border border-dashed border-slate-300 text-center text-xs text-slate-600">Sem foto</div>
        )}
        <div className="grid gap-2">
          <Label htmlFor={`${uid}-foto`}>Foto do rosto (JPEG ou PNG, até 500 KB)</Label>
          <input
            id={`${uid}-foto`}
            type="file"
            accept="image/jpeg,image/png"
            disabled={enviarFoto.isPending}
            onChange={(e) => {
              void escolher(e.currentTarget.files?.[0]);
              e.currentTarget.value = "";
            }}
            className="text-sm"
          />
          {b.tem_foto && (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="justify-self-start"
              disabled={apagarFoto.isPending}
              onClick={() => apagarFoto.mutate(undefined, { onError: (error) => toastApiError(BIOMETRIA_TEXTOS.foto, error) })}
            >
              Apagar foto
            </Button>
          )}
        </div>
      </div>
      <div className="grid gap-1">
        <div className="flex items-center gap-3">
          <Switch
            id={`${uid}-consentimento`}
            checked={b.consentimento_biometria !== null}
            disabled={consentimento.isPending}
            onCheckedChange={(valor) => consentimento.mutate(valor, { onError: (error) => toastApiError(BIOMETRIA_TEXTOS.consentimento, error) })}
          />
          <Label htmlFor={`${uid}-consentimento`}>O morador consente com o reconhecimento facial</Label>
        </div>
        <p className="text-sm text-slate-600" role="status">
          {b.consentimento_biometria
            ? `Consentimento registrado por ${b.consentimento_biometria.por} em ${formatDateTime(b.consentimento_biometria.em)}.`
            : "Sem consentimento: a foto não vai a nenhum dispositivo."}
        </p>
      </div>
    </div>
  );
}

/** The stored photo, fetched by the typed client (the session goes along; nothing is cached on disk). */
function Foto({ moradorId, versao, nome }: { moradorId: string; versao: number; nome: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let vivo = true;
    let criada: string | null = null;
    downloadApi("/api/moradores/{id}/biometria/foto", { params: { path: { id: moradorId } } })
      .then((r) => r.blob())
      .then((blob) => {
        if (!vivo) return;
        criada = URL.createObjectURL(blob);
        setUrl(criada);
      })
      .catch(() => setUrl(null));
    return () => {
      vivo = false;
      if (criada) URL.revokeObjectURL(criada);
    };
  }, [moradorId, versao]);
  return url ? (
    <img src={url} alt={`Foto de ${nome}`} className="h-28 w-28 rounded-md border border-slate-200 object-cover" />
  ) : (
    <div className="h-28 w-28 rounded-md border border-slate-200 bg-slate-50" aria-hidden />
  );
}

const TIPO_OPCOES = TIPOS_CARTAO.map((value) => ({ value, label: TIPO_CARTAO_ROTULO[value] }));

/** 'Cartões e tags': the numbers the devices' readers read for the resident, one holder per number in the condominium. */
function Cartoes({ moradorId }: { moradorId: string }) {
  const uid = useId();
  const query = useQuery(cartoesQuery(moradorId));
  useQueryErrorToast(query.error, CARTOES_TEXTOS.carregar);
  const { adicionar, remover } = useCartoes(moradorId);
  const [numero, setNumero] = useState("");
  const [tipo, setTipo] = useState<TipoCartao>("cartao");
  // The reason under the field: the schema's (before sending) or the server's (a duplicate).
  const [erro, setErro] = useState<string | null>(null);

  function enviar(event: FormEvent) {
    event.preventDefault();
    const lido = cartaoInputSchema.safeParse({ tipo, numero });
    if (!lido.success) {
      setErro(lido.error.issues[0]?.message ?? null);
      return;
    }
    setErro(null);
    adicionar.mutate(lido.data, {
      onSuccess: () => {
        setNumero("");
        toast({ title: CARTOES_TEXTOS.adicionado });
      },
      onError: (error) => {
        if (error instanceof ApiError) setErro(error.fields?.numero ?? null);
        toastApiError(CARTOES_TEXTOS.adicionar, error);
      },
    });
  }

  return (
    <section aria-labelledby={`${uid}-titulo`} className="grid gap-3 border-t border-slate-200 pt-4">
      <h3 id={`${uid}-titulo`} className="text-sm font-semibold text-slate-900">
        Cartões e tags
      </h3>
      {query.isPending ? (
        <Loading label="Carregando cartões e tags..." />
      ) : query.data?.length ? (
        <ul aria-label="Cartões e tags do morador" className="grid gap-2">
          {query.data.map((c) => (
            <li key={c.id} className="flex items-center justify-between gap-3 rounded-md border border-slate-200 px-3 py-2 text-sm">
              <span>
                {TIPO_CARTAO_ROTULO[c.tipo]} <span className="font-mono">{c.numero}</span>
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                aria-label={`Remover ${TIPO_CARTAO_ROTULO[c.tipo].toLowerCase()} ${c.numero}`}
                disabled={remover.isPending}
                onClick={() =>
                  remover.mutate(c.id, {
                    onSuccess: () => toast({ title: CARTOES_TEXTOS.removido }),
                    onError: (error) => toastApiError(CARTOES_TEXTOS.remover, error),
                  })
                }
              >
                Remover
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Nenhum cartão ou tag.</p>
      )}
      <form onSubmit={enviar} noValidate className="grid gap-3 sm:grid-cols-[1fr_9rem_auto] sm:items-end">
        <div className="grid gap-2">
          <Label htmlFor={`${uid}-numero`}>Número do cartão ou tag</Label>
          <Input
            id={`${uid}-numero`}
            inputMode="numeric"
            autoComplete="off"
            maxLength={40}
            value={numero}
            onChange={(e) => setNumero(e.currentTarget.value)}
            aria-invalid={erro ? true : undefined}
            aria-describedby={erro ? `${uid}-erro` : undefined}
          />
        </div>
        <FilterSelect id={`${uid}-tipo`} label="Tipo" value={tipo} onChange={setTipo} options={TIPO_OPCOES} />
        <Button type="submit" disabled={adicionar.isPending}>
          Adicionar
        </Button>
        {erro && (
          <p id={`${uid}-erro`} className="text-sm text-red-700 sm:col-span-3">
            {erro}
          </p>
        )}
      </form>
    </section>
  );
}
