import { createHash } from "node:crypto";
import { FALHA_DO_DISPOSITIVO } from "@shared/schemas/dispositivos";
import { instantFromSaoPauloWallClock } from "@shared/time";
import { acaoDeAbertura, SEC_BOX_ID } from "./controlid-acoes";
import { chamar } from "./http";
import { integracaoControlId, linhaDeAcesso } from "./controlid-eventos";
import { FalhaDoDispositivo, type AlvoDoDispositivo, type CanalDeSaida, type DriverDeDispositivo, type LinhasDoRegistro, type OpcoesDeChamada } from "./tipos";

// Control iD (iDAccess, iDBox, iDFlex, iDFace, iDBlock), written from its public Access API
// documentation (https://www.controlid.com.br/docs/access-api-pt/):
// - "Gerenciamento de sessão": POST /login.fcgi { login, password } → { session }; every other
//   call carries ?session=; an expired or unknown session answers HTTP 401.
// - "Informações do sistema": POST /system_information.fcgi → serial, version, time (the device's
//   wall clock in seconds, no zone).
// - "Abertura remota de porta e catraca": POST /execute_actions.fcgi { actions: [...] }, with
//   `door` (door=N) on the controllers' relays, `sec_box` (id=65793,reason=3) on the SecBox of the
//   facial readers, `catra` (allow=clockwise|anticlockwise) on the iDBlock turnstile.
// - "Estado das portas": POST /doors_state.fcgi → { doors: [{ id, open }], sec_boxes: [{ id, open }] }.
// - "Objetos" (who the device lets in, gate-operation-spec §2.4), on the tables of "Lista de
//   Objetos": `users` (id int 64, name, registration) and `cards` (value unsigned int 64, user_id).
//   "Carregar Objetos" POST /load_objects.fcgi { object, fields, where, order, limit, offset }
//   → { <object>: [...] }; "Criar Objetos" /create_objects.fcgi { object, values: [...] } → { ids };
//   "Modificar Objetos" /modify_objects.fcgi { object, values, where } → { changes };
//   "Destruir Objetos" /destroy_objects.fcgi { object, where } → { changes }.
//   Today's pre-authorised visitors go with their QR code in `qrcodes` (id int 64, value string —
//   the content the QR represents —, user_id int 64): our reading of "Lista de Objetos"
//   (https://www.controlid.com.br/docs/access-api-pt/objetos/lista-de-objetos/), whose `qrcodes`
//   section we could not read whole; the object and its fields are as public integrations written
//   against the Access API use them. The device reads an alphanumeric QR against this table only
//   with its QR code mode out of "legacy" (where a QR is a user id), a setting of the technician.
//   docs/decisions/0267-cartoes-e-qrcodes.md.
// - "Cadastro facial" / "Gerenciar fotos de usuários": POST /user_set_image.fcgi?user_id=&match=1&
//   timestamp= with the image itself as application/octet-stream (less than 1 MB) → { user_id,
//   success, scores } or { success: false, errors: [{ code, message }] }; POST
//   /user_destroy_image.fcgi { user_ids: [...] } removes the photos. To a device in push mode the
//   photo goes as POST /user_set_image_list.fcgi { match, user_images: [{ user_id, timestamp,
//   image (base64) }] } → { results: [{ user_id, success, errors }] } (a push request is JSON).
// - "Modo Push": to a device behind NAT every call above goes as a request it fetches when it polls
//   (controlid-eventos.ts), through the portal's channel (AlvoDoDispositivo.canal); no session.
// - A gap in the numbering of the monitor's notifications (§2.3): "Carregar Objetos" on
//   `access_logs` ("Lista de Objetos": id, time, event, device_id, identifier_id, user_id,
//   portal_id, card_value, qrcode_value, pin_value) with the documented `where` list
//   `[{ object, field, operator, value, connector }]`, ids `>=` de and `<=` ate, ordered by id, in
//   pages. Only access_logs: the portal checks that numbering alone (alarm_logs come unnumbered to
//   it, controlid-eventos.ts). docs/decisions/0269-lacunas-no-registro.md.

/** The vendor's error texts the portal knows, in pt-BR; another one is shown as the device wrote it. */
const ERROS_CONHECIDOS: [RegExp, string][] = [
  [/invalid action parameters?/i, "parâmetros da ação inválidos (confira o número da porta e o modelo)"],
  [/unknown object/i, "objeto desconhecido"],
  [/missing actions?/i, "nenhuma ação informada"],
  [/invalid json/i, "pedido em formato inválido"],
  // "Cadastro facial": the photo the device will not enroll.
  [/face not (detected|found)|no face/i, "a foto não tem um rosto que o dispositivo reconheça"],
  [/face (already )?exists|face already (registered|enrolled)/i, "o mesmo rosto já está cadastrado para outro usuário do dispositivo"],
  [/invalid image|larger than|too (large|big)/i, "a foto não é uma imagem que o dispositivo aceite (JPEG ou PNG de menos de 1 MB)"],
  // "Objetos": a card another user of the device holds (the table's unique value).
  [/unique constraint failed: cards/i, "um dos cartões já pertence a outro usuário do dispositivo"],
  [/unique constraint failed: qrcodes/i, "o QR Code já pertence a outro usuário do dispositivo"],
];

/** The device's error text in pt-BR: a known one translated, another quoted as it came. */
function traduzir(texto: string, status?: number): string {
  const conhecido = ERROS_CONHECIDOS.find(([padrao]) => padrao.test(texto));
  if (conhecido) return `${conhecido[1]}.`;
  // Without a status: the error a device in push mode posted (no HTTP answer to quote).
  if (status === undefined) return texto ? `“${texto}”.` : "erro sem descrição.";
  return texto ? `“${texto}” (HTTP ${status}).` : `HTTP ${status}.`;
}

function erroDoDispositivo(corpo: string, status: number): string {
  let texto: string;
  try {
    const valor = JSON.parse(corpo) as { error?: unknown };
    texto = typeof valor.error === "string" ? valor.error : "";
  } catch {
    texto = corpo.trim().slice(0, 120);
  }
  return traduzir(texto, status);
}

/** "Cadastro facial": the photo was not enrolled (`success: false`): the device's reasons in pt-BR. */
function fotoRecusada(resposta: Record<string, unknown>): FalhaDoDispositivo {
  const erros = Array.isArray(resposta.errors) ? (resposta.errors as { message?: unknown }[]) : [];
  const texto = erros
    .map((e) => (typeof e?.message === "string" ? e.message : ""))
    .filter(Boolean)
    .join("; ")
    .slice(0, 120);
  return new FalhaDoDispositivo("recusado", FALHA_DO_DISPOSITIVO.recusou(texto ? traduzir(texto, 200) : "a foto não foi aceita."));
}

/** Users per load_objects page. */
const PAGINA = 1000;
/** Log lines per load_objects page. */
const PAGINA_DO_REGISTRO = 200;

/** A user number as the device's `users.id` (int 64, above 0); null: not one the device can hold. */
function idDoUsuario(usuario: string): number | null {
  const id = /^\d{1,16}$/.test(usuario) ? Number(usuario) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A card as `cards.value` (unsigned int 64): the digits its reader reads; null: not a number the device can hold. */
function valorDoCartao(cartao: string): number | null {
  const valor = /^\d{1,16}$/.test(cartao.trim()) ? Number(cartao.trim()) : NaN;
  return Number.isSafeInteger(valor) ? valor : null;
}

/** A QR code's content as `qrcodes.value`: printable ASCII, as the portal's signed payloads are. */
const qrcodeValido = (qrcode: string) => /^[\x21-\x7e]{1,255}$/.test(qrcode);

const recusado = (detalhe: string) => new FalhaDoDispositivo("recusado", FALHA_DO_DISPOSITIVO.recusou(detalhe));

/** What is left of a method's deadline, for its next call (a method that makes several calls shares one deadline). */
function prazoRestante(opcoes: OpcoesDeChamada): () => OpcoesDeChamada {
  const inicio = Date.now();
  return () => ({ prazoMs: Math.max(1, opcoes.prazoMs - (Date.now() - inicio)) });
}

function lerJson(corpo: string): Record<string, unknown> {
  try {
    const valor = JSON.parse(corpo);
    if (valor && typeof valor === "object" && !Array.isArray(valor)) return valor as Record<string, unknown>;
  } catch {
    // falls through
  }
  throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
}

/**
 * One API call to a device that calls out (push mode): the device performs it as it would the
 * direct call, in its own session, and posts what it answered or its error text.
 */
async function pelaSaida(canal: CanalDeSaida, recurso: string, corpo: unknown, opcoes: OpcoesDeChamada): Promise<Record<string, unknown>> {
  const { resposta, erro } = await canal.pedir({ verbo: "POST", endpoint: recurso, corpo: corpo ?? {} }, opcoes);
  if (erro !== null) throw new FalhaDoDispositivo("recusado", FALHA_DO_DISPOSITIVO.recusou(traduzir(erro.slice(0, 120))));
  if (typeof resposta === "string") return resposta.trim() === "" ? {} : lerJson(resposta);
  if (resposta && typeof resposta === "object" && !Array.isArray(resposta)) return resposta as Record<string, unknown>;
  if (resposta === null || resposta === undefined) return {};
  throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
}

export function driverControlId(): DriverDeDispositivo {
  /** One session per device, remembered with the credentials it was opened with. */
  const sessoes = new Map<string, { credencial: string; session: string }>();
  const credencialDe = (alvo: AlvoDoDispositivo) =>
    createHash("sha256")
      .update(`${alvo.endereco}\n${alvo.usuario ?? ""}\n${alvo.senha ?? ""}`)
      .digest("base64url");

  async function entrar(alvo: AlvoDoDispositivo, opcoes: OpcoesDeChamada): Promise<string> {
    const resposta = await chamar(`${alvo.endereco}/login.fcgi`, {
      metodo: "POST",
      json: { login: alvo.usuario ?? "", password: alvo.senha ?? "" },
      prazoMs: opcoes.prazoMs,
    });
    if (resposta.status === 401 || resposta.status === 403) throw new FalhaDoDispositivo("credenciais", FALHA_DO_DISPOSITIVO.credenciais);
    if (resposta.status !== 200) throw new FalhaDoDispositivo("recusado", FALHA_DO_DISPOSITIVO.recusou(erroDoDispositivo(resposta.corpo, resposta.status)));
    const session = lerJson(resposta.corpo).session;
    if (typeof session !== "string" || !session) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
    sessoes.set(alvo.id, { credencial: credencialDe(alvo), session });
    return session;
  }

  /**
   * One API call in the device's session; a session the device no longer knows is opened again,
   * once. `imagem`: the call takes the image itself as its body (user_set_image.fcgi), with its
   * parameters in the query; its answer may be empty (older firmware answers nothing).
   */
  async function api(
    alvo: AlvoDoDispositivo,
    recurso: string,
    corpo: unknown,
    opcoes: OpcoesDeChamada,
    imagem?: { consulta: string; dados: Buffer },
  ): Promise<Record<string, unknown>> {
    if (alvo.canal) return pelaSaida(alvo.canal, recurso, corpo, opcoes);
    const inicio = Date.now();
    for (let tentativa = 0; tentativa < 2; tentativa++) {
      const guardada = sessoes.get(alvo.id);
      const prazoMs = Math.max(1, opcoes.prazoMs - (Date.now() - inicio));
      const session = guardada && guardada.credencial === credencialDe(alvo) ? guardada.session : await entrar(alvo, { prazoMs });
      const consulta = `${imagem ? `${imagem.consulta}&` : ""}session=${encodeURIComponent(session)}`;
      const resposta = await chamar(`${alvo.endereco}/${recurso}?${consulta}`, {
        metodo: "POST",
        ...(imagem ? { bytes: { tipo: "application/octet-stream", dados: imagem.dados } } : { json: corpo }),
        prazoMs: Math.max(1, opcoes.prazoMs - (Date.now() - inicio)),
      });
      if (resposta.status === 401) {
        // A 401 means the call was not carried out: opening the session again and repeating it cannot open a door twice.
        sessoes.delete(alvo.id);
        continue;
      }
      if (resposta.status !== 200) throw new FalhaDoDispositivo("recusado", FALHA_DO_DISPOSITIVO.recusou(erroDoDispositivo(resposta.corpo, resposta.status)));
      if (imagem && resposta.corpo.trim() === "") return {};
      return lerJson(resposta.corpo);
    }
    throw new FalhaDoDispositivo("credenciais", FALHA_DO_DISPOSITIVO.credenciais);
  }

  /** "Carregar Objetos" on users, page by page (`limit`/`offset`, ordered by id): every id the device holds. */
  async function idsDosUsuarios(alvo: AlvoDoDispositivo, opcoes: OpcoesDeChamada): Promise<string[]> {
    const resta = prazoRestante(opcoes);
    const ids = new Set<string>();
    for (let offset = 0; ; offset += PAGINA) {
      const resposta = await api(alvo, "load_objects.fcgi", { object: "users", fields: ["id"], order: ["id"], limit: PAGINA, offset }, resta());
      const users = resposta.users;
      if (!Array.isArray(users)) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
      const antes = ids.size;
      for (const user of users as { id?: unknown }[]) {
        const id = user?.id;
        if ((typeof id === "number" && Number.isSafeInteger(id)) || (typeof id === "string" && /^\d+$/.test(id))) ids.add(String(id));
        else throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
      }
      // A page short of the limit is the last; a firmware that ignores `limit` answers everything at
      // once. One that answers the same page again (ignoring `offset`) cannot be read whole, and a
      // partial list would count a removal that did not happen: that is an answer the portal cannot use.
      if (users.length !== PAGINA) return [...ids];
      if (ids.size === antes) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
    }
  }

  /** "Carregar Objetos" on access_logs, ids de..ate, page by page (each page starts past the last id read). */
  async function linhasDoRegistro(alvo: AlvoDoDispositivo, de: number, ate: number, opcoes: OpcoesDeChamada): Promise<LinhasDoRegistro> {
    const resta = prazoRestante(opcoes);
    const lidas: LinhasDoRegistro = { eventos: [], numerosVistos: [] };
    for (let desde = de; desde <= ate;) {
      const where = [
        { object: "access_logs", field: "id", operator: ">=", value: desde, connector: ") AND (" },
        { object: "access_logs", field: "id", operator: "<=", value: ate },
      ];
      const resposta = await api(alvo, "load_objects.fcgi", { object: "access_logs", where, order: ["id"], limit: PAGINA_DO_REGISTRO }, resta());
      const linhas = resposta.access_logs;
      if (!Array.isArray(linhas)) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
      let maior = desde - 1;
      for (const linha of linhas as unknown[]) {
        if (!linha || typeof linha !== "object") throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
        const lida = linhaDeAcesso(linha as Record<string, unknown>);
        const numero = typeof lida === "number" ? lida : lida?.numero;
        // A line outside what was asked (a firmware that ignored the where) is not this gap's.
        if (numero === null || numero === undefined || numero < desde || numero > ate) continue;
        if (typeof lida === "number") lidas.numerosVistos.push(lida);
        else if (lida) lidas.eventos.push(lida);
        maior = Math.max(maior, numero);
      }
      // A short page is the last; a full one that moved nothing forward cannot be paged (answered the same again).
      if (linhas.length < PAGINA_DO_REGISTRO || maior < desde) break;
      desde = maior + 1;
    }
    return lidas;
  }

  return {
    fabricante: "controlid",
    guardaQrcodes: true,
    sincronizaPelaSaida: true,

    async identificar(alvo, opcoes) {
      const info = await api(alvo, "system_information.fcgi", {}, opcoes);
      const time = typeof info.time === "number" && Number.isFinite(info.time) ? info.time : null;
      return {
        modelo: typeof info.device_name === "string" ? info.device_name : null,
        serie: typeof info.serial === "string" ? info.serial : null,
        firmware: typeof info.version === "string" ? info.version : null,
        relogio: time === null ? null : instantFromSaoPauloWallClock(time * 1000),
      };
    },

    async abrir(alvo, porta, opcoes) {
      await api(alvo, "execute_actions.fcgi", { actions: [acaoDeAbertura(alvo.modelo, porta)] }, opcoes);
    },

    async estadoDaPorta(alvo, porta, opcoes) {
      const estado = await api(alvo, "doors_state.fcgi", {}, opcoes);
      const porSecBox = acaoDeAbertura(alvo.modelo, porta).action === "sec_box";
      const lista = (porSecBox ? estado.sec_boxes : estado.doors) as { id?: unknown; open?: unknown }[] | undefined;
      const item = Array.isArray(lista) ? lista.find((d) => Number(d.id) === (porSecBox ? SEC_BOX_ID : porta)) : undefined;
      if (!item || typeof item.open !== "boolean") throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
      return item.open ? "aberta" : "fechada";
    },

    esquecer(id) {
      sessoes.delete(id);
    },

    usuarios(alvo, opcoes) {
      return idsDosUsuarios(alvo, opcoes);
    },

    // Replaces what the device holds under the number: the user ("Criar" or "Modificar Objetos"),
    // its cards ("Destruir" then "Criar Objetos" on cards), its QR codes when the person has them
    // (the same on qrcodes), its face ("Cadastro facial"). Each step is one call; a step that fails
    // leaves the ones before it done (the next sync writes it all again). The numbers are checked
    // before anything is written.
    async gravarUsuario(alvo, pessoa, opcoes) {
      const id = idDoUsuario(pessoa.usuario);
      if (id === null) throw recusado("número de usuário inválido para o dispositivo (um inteiro acima de zero).");
      const cartoes = pessoa.cartoes.map(valorDoCartao);
      if (cartoes.some((c) => c === null)) throw recusado("cartão inválido para o dispositivo: ele guarda só o número do cartão, em algarismos.");
      const qrcodes = pessoa.qrcodes && [...new Set(pessoa.qrcodes)];
      if (qrcodes?.some((q) => !qrcodeValido(q))) throw recusado("QR Code inválido para o dispositivo.");
      const resta = prazoRestante(opcoes);
      const usuario = { name: pessoa.nome, registration: pessoa.usuario };

      const existente = await api(alvo, "load_objects.fcgi", { object: "users", fields: ["id"], where: { users: { id } } }, resta());
      if (!Array.isArray(existente.users)) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
      if ((existente.users as { id?: unknown }[]).some((u) => Number(u?.id) === id))
        await api(alvo, "modify_objects.fcgi", { object: "users", values: usuario, where: { users: { id } } }, resta());
      else await api(alvo, "create_objects.fcgi", { object: "users", values: [{ id, ...usuario }] }, resta());

      await api(alvo, "destroy_objects.fcgi", { object: "cards", where: { cards: { user_id: id } } }, resta());
      if (cartoes.length > 0)
        await api(alvo, "create_objects.fcgi", { object: "cards", values: [...new Set(cartoes)].map((value) => ({ value, user_id: id })) }, resta());

      // Only for someone with QR codes: a firmware without the qrcodes table still takes residents.
      if (qrcodes) {
        await api(alvo, "destroy_objects.fcgi", { object: "qrcodes", where: { qrcodes: { user_id: id } } }, resta());
        if (qrcodes.length > 0)
          await api(alvo, "create_objects.fcgi", { object: "qrcodes", values: qrcodes.map((value) => ({ value, user_id: id })) }, resta());
      }

      if (pessoa.foto && alvo.canal) {
        // A push request carries JSON only: the list form, the image in base64; match as below.
        const imagem = { user_id: id, timestamp: Math.floor(Date.now() / 1000), image: pessoa.foto.toString("base64") };
        const resposta = await api(alvo, "user_set_image_list.fcgi", { match: true, user_images: [imagem] }, resta());
        const resultado = Array.isArray(resposta.results) ? (resposta.results as Record<string, unknown>[]).find((r) => Number(r?.user_id) === id) : undefined;
        if (!resultado) throw new FalhaDoDispositivo("resposta_invalida", FALHA_DO_DISPOSITIVO.respostaInvalida);
        if (resultado.success !== true) throw fotoRecusada(resultado);
      } else if (pessoa.foto) {
        // match=1: the device also refuses a face another of its users already has.
        const consulta = `user_id=${id}&match=1&timestamp=${Math.floor(Date.now() / 1000)}`;
        const resposta = await api(alvo, "user_set_image.fcgi", null, resta(), { consulta, dados: pessoa.foto });
        if (resposta.success === false) throw fotoRecusada(resposta);
      } else {
        await api(alvo, "user_destroy_image.fcgi", { user_ids: [id] }, resta());
      }
    },

    // "Destruir Objetos" on users: its cards, QR codes and photo go with it; a user the device does not hold is
    // `changes: 0`, no error. Whether it is gone is for `usuarios` to say.
    async removerUsuario(alvo, usuario, opcoes) {
      const id = idDoUsuario(usuario);
      if (id === null) return;
      await api(alvo, "destroy_objects.fcgi", { object: "users", where: { users: { id } } }, opcoes);
    },

    registros(alvo, { de, ate }, opcoes) {
      return linhasDoRegistro(alvo, de, ate, opcoes);
    },

    integracao: integracaoControlId,
  };
}
