import { randomUUID } from "node:crypto";
import {
  AUTORIZADO_POR_NOME_REQUIRED,
  type BuscaPortaria,
  type Entrada,
  type ResultadoAcesso,
  type Saida,
  type VisitanteSemAutorizacao,
} from "@shared/schemas/controle-acesso";
import { MSG, MSG_WITH } from "@shared/messages";
import { dateInSaoPaulo, formatDesde, formatTime } from "@shared/time";
import { NAO_IDENTIFICADO, NAO_IDENTIFICADO_NOME } from "@shared/schemas/dispositivos";
import { CODIGO_INVALIDO, pareceCodigo, pareceQrCode, type VisitanteEncontrado } from "@shared/schemas/visitantes";
import type { Db } from "../../db/client";
import { autorizadoPelaResposta, SOLICITACOES_TEXTOS } from "@shared/schemas/solicitacoes";
import { AppError, notFound, pgErrorCode } from "../../errors";
import type { CondominioNoEscopo, CondominioScope } from "../../scope";
import { bloqueioAplicavel, bloqueiosAplicaveis } from "../bloqueios/verificar";
import { decidir, type Recusa } from "./decisao";
import { controleAcessoRepository, type IdentidadeEncontrada, type NovoRegistro, type PessoaNaPortaria, type Tx } from "./repository";
import { resolvedorDeCodigos } from "../visitantes/portaria";
import { UsoRecusado, visitantesRepository, type VisitanteNaBusca } from "../visitantes/repository";
import type { LimiteDeCodigos } from "../visitantes/tentativas";

// The gate's service (gatehouse-spec §3, §9): who may enter, and why not, decided in ONE place
// (`decidirAcesso`, over decisao.ts) and recorded. Plain inputs, no HTTP: the routes call it after
// their scope check, and so can a device's event (a reader reporting a face or a plate) or a script.

/** How many pre-authorised visitors the console's search shows. */
const VISITANTES = 8;

/** Who operates the gate: recorded on every attempt; `ip` counts code guesses per address. */
export interface Operador {
  id: string;
  nome: string;
  ip: string;
}

/** The gate's condominium, as the scope check returned it (active, in the user's scope). */
export interface CondominioDaPortaria {
  /** Checked against the user's scope (scope.ts): the gate's repositories take only this. */
  id: CondominioNoEscopo;
  nome: string;
}

/** The porteiro lets in anyway, naming who authorised (never past the blocklist's hard stop). */
export type Liberacao = { autorizado_por: string } | undefined;

export interface PortariaOptions {
  /** The key that signs visitors' QR codes (db/settings.ts loadQrSecret). */
  qrSecret: Buffer;
  /** Guessing codes: misses per user and per address (visitantes/tentativas.ts). */
  limiteCodigos: LimiteDeCodigos;
  /** Now, in ms: every rule is read against it. Tests move it. */
  agora?: () => number;
}

/** What the gate knows of who is at it, for the decision. */
export interface NaPortariaAgora {
  condominioId: CondominioNoEscopo;
  quem: Pick<PessoaNaPortaria, "nome_pessoa" | "documento" | "ativo" | "periodo" | "autorizacao">;
  placa: string | null;
  /** Now, in ms (the service's clock when omitted). */
  instante?: number;
  /** The authorisation was read again after another gate used it (decisao.ts `releitura`). */
  releitura?: boolean;
}

/** A device's screen is small: the first name greets. */
const primeiroNome = (nome: string) => nome.trim().split(/\s+/)[0] ?? nome;
/** The device refused on its own (monitor mode) where the portal would not have. */
const MOTIVO_DO_APARELHO = "Recusado pelo dispositivo.";

type Base = Omit<NovoRegistro, "sentido" | "resultado" | "motivo" | "liberado_manualmente" | "operador_id" | "operador_nome" | "condominio_id"> & {
  condominio_id: CondominioNoEscopo;
};

export function portariaService(db: Db, options: PortariaOptions) {
  const repo = controleAcessoRepository(db);
  const visitantes = visitantesRepository(db);
  const resolver = resolvedorDeCodigos(visitantes, options.qrSecret, options.limiteCodigos);
  const agora = options.agora ?? Date.now;
  const registradoPor = (operador: Operador) => ({ operador_id: operador.id, operador_nome: operador.nome });
  const digitadoPor = (operador: Operador) => ({ usuarioId: operador.id, ip: operador.ip });

  /**
   * 'Já está no condomínio desde HH:mm.' (§9), with the date when it was not today in São Paulo
   * ('desde 25/11/2026 18:03.'): the entry is not recorded; the screen offers the exit.
   */
  const jaDentro = (desde: Date | string) => AppError.from(409, "JA_DENTRO", MSG_WITH.jaDentro(formatDesde(desde, agora())));

  /**
   * THE decision: may this person (or vehicle) enter now at this condominium, and if not, why.
   * The blocklist (bloqueios/verificar.ts), then the record's and the authorisation's rules
   * (decisao.ts). Null: may enter.
   */
  async function decidirAcesso({ condominioId, quem, placa, instante = agora(), releitura }: NaPortariaAgora): Promise<Recusa | null> {
    const bloqueio = await bloqueioAplicavel(db, { condominioId, documento: quem.documento, nome: quem.nome_pessoa, placa }, dateInSaoPaulo(instante));
    return decidir({ bloqueio, ativo: quem.ativo, periodo: quem.periodo, autorizacao: quem.autorizacao, releitura }, instante);
  }

  /** Who the gate's request names: a code or QR (resolved, rate-limited), an authorisation, a record or a presence. */
  async function pessoa(operador: Operador, condominioId: CondominioNoEscopo, who: Entrada["pessoa"]): Promise<PessoaNaPortaria> {
    const found = await pessoaOuNada(operador, condominioId, who);
    if (!found) throw notFound(MSG.pessoaNotFound);
    return found;
  }

  async function pessoaOuNada(operador: Operador, condominioId: CondominioNoEscopo, who: Entrada["pessoa"]): Promise<PessoaNaPortaria | null> {
    if (who.tipo === "autorizacao" || who.tipo === "codigo" || who.tipo === "qrcode") {
      // A code or QR that opens nothing here: 'Código inválido ou inexistente.' (and counted: tentativas.ts).
      const id =
        who.tipo === "autorizacao"
          ? who.autorizacao_id
          : await resolver(digitadoPor(operador), condominioId, who.tipo === "codigo" ? { codigo: who.codigo } : { qrcode: who.payload });
      if (!id) throw notFound(MSG.codigoNotFound);
      const autorizacao = await visitantes.naPortaria(condominioId, id);
      if (!autorizacao) return null;
      return {
        chave: `autorizacao:${autorizacao.id}`,
        tipo_pessoa: "visitante",
        nome_pessoa: autorizacao.nome_visitante,
        documento: autorizacao.documento_numero,
        unidade_id: autorizacao.unidade_id,
        ativo: true,
        autorizacao,
      };
    }
    if (who.tipo === "morador") return repo.morador(condominioId, who.morador_id);
    if (who.tipo === "prestador") return repo.prestador(condominioId, who.prestador_id);
    const presenca = await repo.presenca(condominioId, who.presenca_id);
    if (!presenca) return null;
    return {
      chave: presenca.pessoa_chave,
      tipo_pessoa: presenca.tipo_pessoa as PessoaNaPortaria["tipo_pessoa"],
      morador_id: presenca.morador_id,
      prestador_id: presenca.prestador_id,
      nome_pessoa: presenca.nome_pessoa,
      documento: presenca.documento,
      unidade_id: presenca.unidade_id,
      ativo: true,
    } satisfies PessoaNaPortaria;
  }

  /**
   * Decides and records an entry: refused (recorded 'negado' with the reason) unless the porteiro
   * overrides a refusal other than the blocklist, naming who authorised it.
   */
  async function entrar(operador: Operador, base: Base, quem: PessoaNaPortaria, liberar: Liberacao, releitura = false): Promise<ResultadoAcesso> {
    const instante = agora();
    const dentro = await repo.presencaDe(base.condominio_id, quem.chave);
    if (dentro) throw jaDentro(dentro.entrou_em);
    const autorizacao = quem.autorizacao;
    const refused = await decidirAcesso({ condominioId: base.condominio_id, quem, placa: base.placa ?? null, instante, releitura });
    const override = refused && !refused.bloqueio && liberar ? liberar : undefined;
    const registro: NovoRegistro = {
      ...base,
      ...registradoPor(operador),
      autorizacao_id: autorizacao?.id ?? null,
      sentido: "entrada",
      resultado: refused && !override ? "negado" : "liberado",
      motivo: refused?.motivo ?? null,
      liberado_manualmente: Boolean(override),
      autorizado_por: override ? override.autorizado_por : (base.autorizado_por ?? autorizacao?.morador_nome ?? null),
    };
    // An entry let in by its pre-authorisation counts one use, in the same transaction (an
    // override counts none: docs/decisions/0232-autorizacao-na-portaria.md).
    const usar = autorizacao && !refused ? (tx: Tx) => visitantes.usar(tx, autorizacao.id, instante) : undefined;
    try {
      const row = await repo.registrar(registro, registro.resultado === "liberado" ? { chave: quem.chave } : null, null, usar);
      if (registro.resultado === "negado") {
        return { registro_id: row.id, resultado: "negado", titulo: "Acesso negado", mensagem: refused!.motivo, pode_liberar: !refused!.bloqueio };
      }
      return {
        registro_id: row.id,
        resultado: "liberado",
        titulo: "Entrada registrada",
        mensagem: `${quem.nome_pessoa} entrou às ${formatTime(row.registrado_em)}.`,
        pode_liberar: false,
      };
    } catch (error) {
      // Another gate used it up (or it was cancelled) since it was read: decided again on what it is now.
      if (error instanceof UsoRecusado && autorizacao && !releitura) {
        const atual = await visitantes.naPortaria(base.condominio_id, autorizacao.id);
        if (atual) return entrar(operador, base, { ...quem, autorizacao: atual }, liberar, true);
      }
      // Two gates let the same person in at the same instant: the second is told, nothing recorded.
      if (pgErrorCode(error) === "23505") {
        const other = await repo.presencaDe(base.condominio_id, quem.chave);
        if (other) throw jaDentro(other.entrou_em);
      }
      throw error;
    }
  }

  /**
   * 'Autorizado por' of a walk-in (docs/decisions/0002): a resident of the unit, chosen from its
   * active ones; at a unit with none, the name typed (síndico, administração...), as typed.
   */
  async function quemAutorizou(
    condominioId: CondominioNoEscopo,
    unidadeId: string,
    body: { autorizado_por_morador_id: string | null; autorizado_por_nome: string | null; solicitacao_id: string | null },
  ): Promise<string> {
    const invalido = (field: "autorizado_por_morador_id" | "autorizado_por_nome" | "solicitacao_id", message: string) =>
      AppError.from(400, "VALIDATION_ERROR", { title: MSG.invalidInput.title, message }, { [field]: message });
    // On a resident's answer (§3.3): who, by which channel and when become part of the record.
    if (body.solicitacao_id) {
      const resposta = await repo.solicitacaoAprovada(condominioId, unidadeId, body.solicitacao_id);
      if (!resposta) throw invalido("solicitacao_id", SOLICITACOES_TEXTOS.naoAprovada);
      if (body.autorizado_por_morador_id && body.autorizado_por_morador_id !== resposta.respondida_por)
        throw invalido("autorizado_por_morador_id", MSG.moradorQueAutorizouRequired.message);
      return autorizadoPelaResposta(resposta);
    }
    if (body.autorizado_por_morador_id) {
      const morador = await repo.moradorDaUnidade(condominioId, unidadeId, body.autorizado_por_morador_id);
      if (!morador) throw invalido("autorizado_por_morador_id", MSG.moradorDaUnidadeRequired.message);
      return morador.nome;
    }
    const moradores = await repo.moradoresDaUnidade(unidadeId);
    if (moradores.length > 0) throw invalido("autorizado_por_morador_id", MSG.moradorQueAutorizouRequired.message);
    if (!body.autorizado_por_nome) throw invalido("autorizado_por_nome", AUTORIZADO_POR_NOME_REQUIRED);
    return body.autorizado_por_nome;
  }

  /** A found visitor with the refusal the entry would meet on the authorisation's rules (the blocklist is marked apart). */
  const comRecusa = ({ regras, ...visitante }: VisitanteNaBusca, instante: number): VisitanteEncontrado => ({
    ...visitante,
    recusa: decidir({ bloqueio: null, ativo: true, autorizacao: regras }, instante)?.motivo ?? null,
  });

  /**
   * The search's mark (§3: the stop shown before the click): the block each result would meet at
   * 'Registrar entrada', by the same rule, in one statement for all.
   */
  async function marcarBloqueios(
    condominioId: CondominioNoEscopo,
    instante: number,
    identidades: Map<string, IdentidadeEncontrada>,
    encontrados: readonly Pick<VisitanteEncontrado, "id" | "documento_numero" | "nome_visitante" | "placa">[],
  ): Promise<BuscaPortaria["bloqueios"]> {
    for (const v of encontrados) identidades.set(`autorizacao:${v.id}`, { documento: v.documento_numero, nome: v.nome_visitante, placa: v.placa });
    const found = await bloqueiosAplicaveis(db, condominioId, identidades, dateInSaoPaulo(instante));
    // The entry's own decision on the block alone: its text and whether the porteiro may override.
    return Object.fromEntries(
      [...found].map(([key, bloqueio]) => {
        const parada = decidir({ bloqueio, ativo: true }, instante)!;
        return [key, { mensagem: parada.motivo, pode_liberar: !parada.bloqueio }];
      }),
    );
  }

  /** The gate's condominium: active and in the scope, or 404 as if it did not exist. */
  async function condominioDaPortaria(scope: CondominioScope, condominioId: string): Promise<CondominioDaPortaria> {
    const condominio = await repo.condominioDaPortaria(scope, condominioId);
    if (!condominio) throw notFound(MSG.condominioNotFound);
    return condominio;
  }

  return {
    decidirAcesso,
    condominioDaPortaria,

    /**
     * The console's one search (§3). It checks the gate's condominium itself (`scope`): in the
     * same statement as the search, one round trip per keystroke-search, not a check and then it.
     */
    async buscar(scope: CondominioScope, condominioId: string, texto: string, operador: Operador): Promise<BuscaPortaria> {
      const instante = agora();
      const q = texto.trim();
      const nada = { moradores: [], veiculos: [], prestadores: [], visitantes: [], autorizacao: null, codigo_recusa: null, bloqueios: {} };
      if (!q) {
        await condominioDaPortaria(scope, condominioId);
        return nada;
      }
      // A typed code or a scanned QR opens its authorisation directly (§3). Neither can be a
      // resident's or provider's name, CPF, plate or unit, so those are not searched; a typed
      // code could still be a visitor's document (a passport), so visitors are.
      if (pareceQrCode(q) || pareceCodigo(q)) {
        const condominio = await condominioDaPortaria(scope, condominioId);
        const qr = pareceQrCode(q);
        const [id, naBusca] = await Promise.all([
          resolver(digitadoPor(operador), condominio.id, qr ? { qrcode: q } : { codigo: q }),
          qr ? [] : visitantes.busca(scope, condominio.id, q, instante, VISITANTES),
        ]);
        const aberta = id ? await visitantes.encontrado(condominio.id, id, instante) : null;
        const autorizacao = aberta && comRecusa(aberta, instante);
        const visitantesEncontrados = naBusca.map((v) => comRecusa(v, instante));
        const codigo_recusa = autorizacao ? autorizacao.recusa : CODIGO_INVALIDO;
        const encontrados = autorizacao ? [...visitantesEncontrados, autorizacao] : visitantesEncontrados;
        const bloqueios = await marcarBloqueios(condominio.id, instante, new Map(), encontrados);
        return { ...nada, visitantes: visitantesEncontrados, autorizacao, codigo_recusa, bloqueios };
      }
      // Both statements check the gate's condominium (active, in scope) themselves.
      const [found, naBusca] = await Promise.all([
        repo.busca(scope, condominioId, q, dateInSaoPaulo(instante)),
        visitantes.busca(scope, condominioId, q, instante, VISITANTES),
      ]);
      if (!found) throw notFound(MSG.condominioNotFound);
      // The search's own statement checked the condominium against the scope (found, not null).
      const verificado = condominioId as CondominioNoEscopo;
      const { identidades, ...resultados } = found;
      const visitantesEncontrados = naBusca.map((v) => comRecusa(v, instante));
      const bloqueios = await marcarBloqueios(verificado, instante, identidades, visitantesEncontrados);
      return { ...resultados, visitantes: visitantesEncontrados, autorizacao: null, codigo_recusa: null, bloqueios };
    },

    /**
     * 'Registrar entrada' of someone the gate found: a resident, a provider, a pre-authorised
     * visitor (by the search, a typed code or a scanned QR) or a presence.
     */
    async registrarEntrada(
      condominio: CondominioDaPortaria,
      operador: Operador,
      entrada: { pessoa: Entrada["pessoa"]; placa: string | null | undefined; liberar: Liberacao },
    ): Promise<ResultadoAcesso> {
      const who = entrada.pessoa;
      // The method is what the server resolved, never what the client claims: a typed code, a
      // scanned QR, or else someone found by the search (a resident, provider, visitor, presence).
      const metodo = who.tipo === "codigo" ? "codigo" : who.tipo === "qrcode" ? "qrcode" : "busca";
      const quem = await pessoa(operador, condominio.id, who);
      return entrar(
        operador,
        {
          condominio_id: condominio.id,
          unidade_id: quem.unidade_id,
          tipo_pessoa: quem.tipo_pessoa,
          morador_id: quem.morador_id ?? null,
          prestador_id: quem.prestador_id ?? null,
          nome_pessoa: quem.nome_pessoa,
          documento: quem.documento,
          placa: entrada.placa ?? quem.autorizacao?.placa ?? null,
          metodo,
        },
        quem,
        entrada.liberar,
      );
    },

    /** 'Visitante sem pré-autorização' (§3): its unit, who authorised it, then the same decision. */
    async registrarVisitante(condominio: CondominioDaPortaria, operador: Operador, body: VisitanteSemAutorizacao): Promise<ResultadoAcesso> {
      const unidade = await repo.unidadeDoCondominio(condominio.id, body.unidade_id);
      if (!unidade) {
        throw AppError.from(400, "VALIDATION_ERROR", MSG.unidadeDestinoRequired, { unidade_id: MSG.unidadeDestinoRequired.message });
      }
      const autorizadoPor = await quemAutorizou(condominio.id, unidade.id, body);
      // The schema stores the document as letters and digits, as the blocklist does.
      const documento = body.documento_numero;
      // Who a walk-in is at the gate (docs/decisions/0002): their document when they show one;
      // without it, this entry alone — two couriers with the same name are two people, and
      // each leaves by their own presence in 'Quem está no condomínio'.
      const tipo_pessoa = body.entrega ? "entregador" : "visitante";
      const chave = documento ? `${tipo_pessoa}:${documento}` : `${tipo_pessoa}:entrada:${randomUUID()}`;
      const quem: PessoaNaPortaria = { chave, tipo_pessoa, nome_pessoa: body.nome, documento, unidade_id: unidade.id, ativo: true };
      return entrar(
        operador,
        {
          condominio_id: condominio.id,
          unidade_id: unidade.id,
          tipo_pessoa,
          nome_pessoa: body.nome,
          documento,
          placa: body.placa,
          metodo: "manual",
          autorizado_por: autorizadoPor,
          observacao: body.observacao,
        },
        quem,
        body.liberar_mesmo_assim,
      );
    },

    /**
     * Who a device names (§2.3), looked up only in the device's own condominium: a visitor's code
     * or QR by the console's resolver (guesses counted per device, as per user at the console),
     * or the gate's key of one of the device's users. Null: nobody the portal knows.
     */
    async pessoaDoDispositivo(
      condominioId: CondominioNoEscopo,
      dispositivoId: string,
      lido: { codigo: string } | { qrcode: string } | { chave: string },
    ): Promise<PessoaNaPortaria | null> {
      const operador = { id: dispositivoId, nome: "", ip: `dispositivo:${dispositivoId}` };
      if ("chave" in lido) {
        const [tipo, id] = lido.chave.split(":") as [string, string];
        if (tipo === "morador") return repo.morador(condominioId, id);
        if (tipo === "prestador") return repo.prestador(condominioId, id);
        if (tipo === "autorizacao") return pessoaOuNada(operador, condominioId, { tipo: "autorizacao", autorizacao_id: id });
        return null;
      }
      try {
        return await pessoaOuNada(
          operador,
          condominioId,
          "codigo" in lido ? { tipo: "codigo", codigo: lido.codigo } : { tipo: "qrcode", payload: lido.qrcode },
        );
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },

    /**
     * An identification at a device (§2.3), decided by THE rules (`decidirAcesso`) and recorded
     * (metodo 'dispositivo', the device's name as who recorded it). `decisaoDoDispositivo`: the
     * device already decided (monitor mode), and the record says what it did; `recusa` is then
     * what the portal would have said (the alarm's reason). `depois` runs in the record's
     * transaction (the event that made it).
     */
    async registrarPeloDispositivo(
      condominioId: CondominioNoEscopo,
      dispositivo: { id: string; nome: string },
      ident: { quem: PessoaNaPortaria | null; sentido: "entrada" | "saida"; decisaoDoDispositivo?: "concedido" | "negado" | "nao_identificado" },
      /** Runs in the record's transaction, with what the device is told. */
      depois: (tx: Tx, row: { id: string }, decisao: { concedido: boolean; mensagem: string }) => Promise<void>,
    ): Promise<{ registro_id: string; concedido: boolean; mensagem: string; recusa: string | null }> {
      const instante = agora();
      const { quem, sentido } = ident;
      const doAparelho = ident.decisaoDoDispositivo;
      const base = {
        condominio_id: condominioId,
        sentido,
        metodo: "dispositivo",
        operador_id: null,
        operador_nome: dispositivo.nome,
        liberado_manualmente: false,
      };
      if (!quem) {
        const concedido = doAparelho === "concedido";
        const mensagem = NAO_IDENTIFICADO;
        const row = await repo.registrar(
          {
            ...base,
            tipo_pessoa: "nao_identificado",
            nome_pessoa: NAO_IDENTIFICADO_NOME,
            resultado: concedido ? "liberado" : "negado",
            motivo: concedido ? null : NAO_IDENTIFICADO,
          },
          null,
          null,
          undefined,
          (tx, row) => depois(tx, row, { concedido, mensagem }),
        );
        return { registro_id: row.id, concedido, mensagem, recusa: NAO_IDENTIFICADO };
      }
      const dentro = await repo.presencaDe(condominioId, quem.chave);
      const pessoa = {
        unidade_id: quem.unidade_id ?? dentro?.unidade_id ?? null,
        tipo_pessoa: quem.tipo_pessoa,
        morador_id: quem.morador_id ?? null,
        prestador_id: quem.prestador_id ?? null,
        nome_pessoa: quem.nome_pessoa,
        documento: quem.documento,
      };
      if (sentido === "saida") {
        // Leaving is not decided (the console records every exit too); a device that refused it is recorded as it did.
        const concedido = doAparelho === undefined || doAparelho === "concedido";
        const mensagem = concedido ? `Até logo, ${primeiroNome(quem.nome_pessoa)}.` : "Saída não liberada.";
        const row = await repo.registrar(
          {
            ...base,
            ...pessoa,
            autorizacao_id: dentro?.autorizacao_id ?? quem.autorizacao?.id ?? null,
            placa: dentro?.placa ?? null,
            resultado: concedido ? "liberado" : "negado",
          },
          null,
          concedido ? { chave: quem.chave } : null,
          undefined,
          (tx, row) => depois(tx, row, { concedido, mensagem }),
        );
        return { registro_id: row.id, concedido, mensagem, recusa: null };
      }
      const recusa = await decidirAcesso({ condominioId, quem, placa: null, instante });
      const concedido = doAparelho === undefined ? !recusa : doAparelho === "concedido";
      const autorizacao = quem.autorizacao;
      const usar = autorizacao && concedido && !recusa ? (tx: Tx) => visitantes.usar(tx, autorizacao.id, instante) : undefined;
      const mensagem = concedido ? `Bem-vindo(a), ${primeiroNome(quem.nome_pessoa)}.` : (recusa?.motivo ?? MOTIVO_DO_APARELHO);
      const row = await repo.registrar(
        {
          ...base,
          ...pessoa,
          autorizacao_id: autorizacao?.id ?? null,
          resultado: concedido ? "liberado" : "negado",
          motivo: concedido ? null : (recusa?.motivo ?? MOTIVO_DO_APARELHO),
          autorizado_por: autorizacao?.morador_nome ?? null,
        },
        // Someone already inside (who left by a door without a reader) keeps their presence.
        concedido && !dentro ? { chave: quem.chave } : null,
        null,
        usar,
        (tx, row) => depois(tx, row, { concedido, mensagem }),
      );
      return { registro_id: row.id, concedido, mensagem, recusa: recusa?.motivo ?? null };
    },

    /** 'Registrar saída': recorded even for someone whose entry was not (a resident who came in unseen). */
    async registrarSaida(condominio: CondominioDaPortaria, operador: Operador, saida: Pick<Saida, "pessoa">): Promise<ResultadoAcesso> {
      const quem = await pessoa(operador, condominio.id, saida.pessoa);
      const dentro = await repo.presencaDe(condominio.id, quem.chave);
      const row = await repo.registrar(
        {
          condominio_id: condominio.id,
          unidade_id: quem.unidade_id ?? dentro?.unidade_id ?? null,
          tipo_pessoa: quem.tipo_pessoa,
          morador_id: quem.morador_id ?? null,
          prestador_id: quem.prestador_id ?? null,
          autorizacao_id: dentro?.autorizacao_id ?? quem.autorizacao?.id ?? null,
          nome_pessoa: quem.nome_pessoa,
          documento: quem.documento,
          placa: dentro?.placa ?? null,
          sentido: "saida",
          resultado: "liberado",
          metodo: "busca",
          ...registradoPor(operador),
        },
        null,
        { chave: quem.chave },
      );
      return {
        registro_id: row.id,
        resultado: "liberado",
        titulo: "Saída registrada",
        mensagem: `${quem.nome_pessoa} saiu às ${formatTime(row.registrado_em)}.`,
        pode_liberar: false,
      };
    },
  };
}

export type PortariaService = ReturnType<typeof portariaService>;
