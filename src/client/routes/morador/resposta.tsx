import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { SUCCESS_TITLE } from "@shared/messages";
import { LINK_TEXTOS, NOTIFICACAO_TEXTOS, type RespostaLinkInfo } from "@shared/schemas/notificacoes";
import { SOLICITACOES_TEXTOS } from "@shared/schemas/solicitacoes";
import { Logo } from "~/components/layout/logo";
import { Card, CardContent, CardHeader } from "~/components/ui/card";
import { ListError, Loading } from "~/components/ui/query-state";
import { moradorAppLinks } from "~/features/morador/app-links";
import { BotoesDeResposta } from "~/features/morador/botoes-resposta";
import { api, ApiError, retryServerErrors } from "~/lib/api";
import { QueryProvider } from "~/lib/query-client";
import { toast, toastApiError } from "~/lib/toast";
import type { Route } from "./+types/resposta";

export function meta(): Route.MetaDescriptors {
  return [{ title: "Visitante na portaria | Área do Morador" }, { name: "robots", content: "noindex" }];
}

export function links(): Route.LinkDescriptors {
  return moradorAppLinks();
}

/**
 * The answer link of WhatsApp, SMS and e-mail (gate-operation-spec §3.4), public: 'Liberar' or
 * 'Recusar' without a password. The link answers once; a request someone already answered says who.
 */
export default function RespostaPage() {
  return (
    <QueryProvider>
      <main
        id="conteudo"
        tabIndex={-1}
        className="flex min-h-screen justify-center bg-gradient-to-br from-slate-100 to-brand-50 px-4 py-8 outline-none sm:items-center"
      >
        <Card className="h-fit w-full max-w-md">
          <CardHeader className="items-center gap-3 text-center">
            <Logo />
            <h1 className="text-2xl font-bold">Visitante na portaria</h1>
          </CardHeader>
          <CardContent>
            <Resposta />
          </CardContent>
        </Card>
      </main>
    </QueryProvider>
  );
}

/** The answer as the page sends it. */
interface RespostaLink {
  token: string;
  resposta: "liberar" | "recusar";
  mensagem: string | null;
}

/** Asked once: the route is limited per address, and the page shows the POST's answer afterwards. */
const infoQuery = (token: string) => ({
  queryKey: ["morador", "resposta", token] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api.GET("/api/morador/resposta", { params: { query: { token } }, signal }),
  retry: retryServerErrors,
  staleTime: Infinity,
});

function Resposta() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const info = useQuery({ ...infoQuery(token), enabled: token !== "" });
  const [depois, setDepois] = useState<{ info: RespostaLinkInfo; resposta: RespostaLink["resposta"] } | null>(null);
  const [recusa, setRecusa] = useState<string | null>(null);

  if (token === "") return <Aviso texto={LINK_TEXTOS.invalido} />;
  if (info.isPending) return <Loading />;
  if (info.isError) return <ListError error={info.error} />;
  if (recusa) return <Aviso texto={recusa} />;
  if (depois) return <Respondido info={depois.info} resposta={depois.resposta} />;

  const { situacao, solicitacao } = info.data;
  if (situacao === "invalido" || !solicitacao) return <Aviso texto={LINK_TEXTOS.invalido} />;
  return (
    <div className="grid gap-4">
      <p className="text-center text-slate-800 [overflow-wrap:anywhere]">
        {NOTIFICACAO_TEXTOS.solicitacaoCorpo(solicitacao.nome_visitante, solicitacao.unidade)}
      </p>
      <p className="text-center text-sm text-slate-600">{solicitacao.condominio}</p>
      {situacao === "usado" ? (
        <Aviso texto={LINK_TEXTOS.usado} />
      ) : solicitacao.estado !== "aguardando" ? (
        <Aviso texto={solicitacao.respondida_por_nome ? SOLICITACOES_TEXTOS.jaRespondida(solicitacao.respondida_por_nome) : SOLICITACOES_TEXTOS.encerrada} />
      ) : (
        <Botoes token={token} onRespondido={(novo, resposta) => setDepois({ info: novo, resposta })} onRecusado={setRecusa} />
      )}
    </div>
  );
}

function Aviso({ texto }: { texto: string }) {
  return (
    <p role="status" className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-4 text-center font-medium text-slate-900">
      {texto}
    </p>
  );
}

function Respondido({ info, resposta }: { info: RespostaLinkInfo; resposta: RespostaLink["resposta"] }) {
  const s = info.solicitacao;
  return (
    <div className="grid gap-3">
      {s && (
        <p className="text-center text-slate-800 [overflow-wrap:anywhere]">
          {s.nome_visitante} · {s.unidade}
        </p>
      )}
      <Aviso texto={resposta === "liberar" ? "Entrada liberada. A portaria já foi avisada." : "Entrada recusada. A portaria já foi avisada."} />
    </div>
  );
}

/** 'Liberar' at once; 'Recusar' first offers a message for the gate. */
function Botoes({
  token,
  onRespondido,
  onRecusado,
}: {
  token: string;
  onRespondido: (info: RespostaLinkInfo, resposta: RespostaLink["resposta"]) => void;
  /** The server refused the answer with a message the page then shows (used meanwhile, answered by someone else). */
  onRecusado: (mensagem: string) => void;
}) {
  const responder = useMutation({ mutationFn: (body: RespostaLink) => api.POST("/api/morador/resposta", { body }) });

  function enviar(resposta: RespostaLink["resposta"], mensagem: string | null) {
    responder.mutate(
      { token, resposta, mensagem },
      {
        onSuccess: (info) => {
          toast({ title: SUCCESS_TITLE.respostaEnviada, variant: "success" });
          onRespondido(info, resposta);
        },
        onError: (error) => {
          // 409 (the link used meanwhile, another resident answered) and 404 (no longer valid): the page says it.
          if (error instanceof ApiError && (error.status === 409 || error.status === 404)) onRecusado(error.message);
          else toastApiError(LINK_TEXTOS.responder, error);
        },
      },
    );
  }

  return <BotoesDeResposta pendente={responder.isPending} enviar={enviar} />;
}
