import { sql } from "drizzle-orm";
import type { PrioridadeOcorrencia, ReferenciaOcorrencia, TipoOcorrencia } from "@shared/schemas/livro";
import type { Db } from "../../src/server/db/client";
import { ocorrencias, resumoDiarioAssinaturas, turnos } from "../../src/server/db/schema";
import { sortear, type HistoricoRng } from "./tipos";

// The demo's last month of the shift book (gate-operation-spec §5; decision 0280): at every
// condominium's post two shifts a day (07–19 and 19–07) by its porteiros (one alone keeps the days,
// a central operator the nights); a condominium with no porteiro is watched by the 'Central', whose
// free operators also keep its post now and then; up to four entries a shift, of every type and
// priority, most resolved within a day or two by a later shift at the post, about a third meant
// for the síndico, some about a real access record, alarm or parcel of the condominium; a handover
// on every closed shift, taken over by the next one; the last shift of each post closed, so a
// demo porteiro opens the next. Written wave by wave (one wave per 12-hour slot, every post at
// once) with `portal.importacao` on, so the triggers keep the given times and still check every
// rule: an entry inside its author's open shift, at its post; a follow-up after its item.

/** Days of the book, today included. */
export const DIAS_DO_LIVRO = 30;

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** São Paulo is UTC-3 all year (no daylight saving since 2019). */
const SP_OFFSET = 3 * HOUR;

export interface LivroUsuario {
  id: string;
  nome: string;
  status: string;
  condominios: "todos" | readonly string[];
  permissoes: readonly string[];
}

export interface LivroInput {
  condos: readonly { id: string; ativo: boolean }[];
  unidades: readonly { id: string; condoId: string; ativo: boolean }[];
  usuarios: readonly LivroUsuario[];
  rng: HistoricoRng;
  now: Date;
  batchSize: number;
  onProgress: (label: string, done: number, total: number) => void;
}

export interface LivroResult {
  turnos: number;
  ocorrencias: number;
  emAberto: number;
  assinaturas: number;
}

type Modelo = { titulo: string; descricao?: string; unidade?: boolean; resolucao?: string; complemento?: string };

/** What a gate writes in its book, by type: titles, a description, what was done. */
const MODELOS: Record<TipoOcorrencia, readonly Modelo[]> = {
  ocorrencia: [
    {
      titulo: "Barulho após 22 h",
      descricao: "Reclamação de som alto vinda da unidade.",
      unidade: true,
      resolucao: "Morador avisado pelo interfone; som reduzido.",
    },
    {
      titulo: "Entregador insistente",
      descricao: "Entregador quis subir até a unidade; orientado a deixar na portaria.",
      resolucao: "Entrega deixada na portaria.",
    },
    {
      titulo: "Vazamento de água no corredor",
      descricao: "Água escorrendo perto do elevador social.",
      unidade: true,
      resolucao: "Registro fechado pelo zelador.",
    },
    {
      titulo: "Veículo parado na vaga de outro morador",
      unidade: true,
      resolucao: "Proprietário localizado e veículo retirado.",
      complemento: "Morador da vaga reclamou de novo.",
    },
    {
      titulo: "Discussão entre vizinhos no hall",
      descricao: "Ânimos exaltados por causa de vaga de garagem.",
      resolucao: "Moradores conversaram com o síndico.",
    },
    { titulo: "Animal solto na área comum", unidade: true, resolucao: "Tutor recolheu o animal." },
  ],
  recado: [
    { titulo: "Recado para o síndico", descricao: "Morador pede retorno sobre a obra da fachada.", unidade: true, resolucao: "Recado entregue ao síndico." },
    { titulo: "Chave do salão de festas com o zelador", resolucao: "Chave devolvida à portaria." },
    {
      titulo: "Morador viaja por 15 dias",
      descricao: "Pediu atenção às correspondências e que ninguém suba sem autorização.",
      unidade: true,
      resolucao: "Morador retornou.",
    },
    { titulo: "Técnico da operadora de internet vem amanhã", descricao: "Liberar a entrada pela garagem das 9 h às 12 h.", resolucao: "Técnico atendido." },
    {
      titulo: "Mudança agendada para sábado",
      unidade: true,
      resolucao: "Mudança concluída; elevador liberado.",
      complemento: "Confirmado o elevador de serviço protegido.",
    },
  ],
  manutencao: [
    { titulo: "Lâmpada queimada na garagem", descricao: "Subsolo 1, perto da vaga 23.", resolucao: "Lâmpada trocada pelo zelador." },
    {
      titulo: "Portão da garagem travado",
      descricao: "Portão só abre pela metade.",
      resolucao: "Técnico regulou o motor do portão.",
      complemento: "Técnico agendado para a manhã.",
    },
    { titulo: "Interfone da unidade mudo", unidade: true, resolucao: "Fiação refeita pela manutenção." },
    {
      titulo: "Elevador social parado no 5º andar",
      descricao: "Empresa de manutenção acionada.",
      resolucao: "Elevador liberado pela empresa.",
      complemento: "Empresa prevê atendimento em até 4 horas.",
    },
    { titulo: "Câmera da entrada sem imagem", resolucao: "Fonte da câmera substituída." },
    { titulo: "Vazamento na caixa d'água", resolucao: "Boia trocada." },
  ],
  seguranca: [
    {
      titulo: "Pessoa suspeita rondando a entrada",
      descricao: "Homem de boné observando o portão por 20 minutos.",
      resolucao: "Ronda feita; ninguém encontrado.",
    },
    {
      titulo: "Portão de pedestres encontrado aberto",
      descricao: "Mola do portão não fecha sozinho.",
      resolucao: "Mola ajustada.",
      complemento: "Portão mantido fechado manualmente.",
    },
    {
      titulo: "Tentativa de entrada sem autorização",
      descricao: "Visitante tentou entrar junto com um morador.",
      resolucao: "Visitante identificado e autorizado pelo morador.",
    },
    { titulo: "Cerca elétrica disparando", resolucao: "Galho encostado na cerca removido." },
  ],
};

/** Entries about a record of the condominium: its link and its words. */
const SOBRE: Record<ReferenciaOcorrencia, { tipo: TipoOcorrencia; modelo: Modelo }[]> = {
  registro: [
    {
      tipo: "seguranca",
      modelo: { titulo: "Visitante insistiu após acesso negado", descricao: "Ficou no portão por meia hora.", resolucao: "Visitante foi embora." },
    },
    { tipo: "ocorrencia", modelo: { titulo: "Prestador sem autorização na portaria", resolucao: "Morador autorizou pelo aplicativo." } },
  ],
  alarme: [
    {
      tipo: "seguranca",
      modelo: { titulo: "Alarme de porta verificado", descricao: "Ronda feita no local do alarme.", resolucao: "Porta fechada e travada." },
    },
  ],
  encomenda: [
    {
      tipo: "ocorrencia",
      modelo: { titulo: "Encomenda recebida avariada", descricao: "Caixa amassada; fotografada na entrega.", resolucao: "Morador ciente." },
    },
    { tipo: "recado", modelo: { titulo: "Morador pede para guardar encomenda grande", resolucao: "Encomenda retirada." } },
  ],
};

const TIPOS: readonly (readonly [TipoOcorrencia, number])[] = [
  ["ocorrencia", 35],
  ["recado", 25],
  ["manutencao", 25],
  ["seguranca", 15],
];
const PRIORIDADES: readonly (readonly [PrioridadeOcorrencia, number])[] = [
  ["baixa", 25],
  ["normal", 55],
  ["alta", 20],
];
const POR_TURNO: readonly (readonly [number, number])[] = [
  [0, 25],
  [1, 30],
  [2, 25],
  [3, 12],
  [4, 8],
];
const PASSAGENS_TRANQUILAS = [
  "Turno tranquilo, sem alterações.",
  "Sem novidades. Rondas feitas nos horários.",
  "Nada a relatar; portões e câmeras ok.",
] as const;

type Turno = typeof turnos.$inferInsert & { id: string; iniciado_em: Date; fim: Date; posto: string };
type Entrada = typeof ocorrencias.$inferInsert & { id: string; created_at: Date };
/** An item waiting for its follow-ups at a post: after `faltam` more shifts there, resolved (or complemented first). */
type Pendente = { item: Entrada; faltam: number; complementoEm: number | null; modelo: Modelo };

const CENTRAL = "central";

/**
 * Removes the book of the demo's condominiums and of its users (their Central shifts), with the
 * append-only triggers disabled for these statements only (like removeEncomendas). A shift of a
 * user who is not the demo's still pointing at one of these stops the seed (foreign key): real
 * history is never rewritten.
 */
export async function removeLivro(tx: Db, demoLike: string): Promise<void> {
  const tabelas = ["portaria_web_ocorrencias", "portaria_web_turnos"];
  for (const t of tabelas) await tx.execute(sql.raw(`alter table ${t} disable trigger user`));
  const condos = sql`(select id from portaria_web_condominios where email like ${demoLike})`;
  const doDemo = sql`(select id from portaria_web_turnos where condominio_id in ${condos} or operador in (select id from portaria_web_usuarios where email like ${demoLike}))`;
  await tx.execute(
    sql`delete from portaria_web_ocorrencias_abertas where ocorrencia_id in (select id from portaria_web_ocorrencias where condominio_id in ${condos} or turno_id in ${doDemo})`,
  );
  await tx.execute(sql`delete from portaria_web_ocorrencias where condominio_id in ${condos} or turno_id in ${doDemo}`);
  await tx.execute(sql`delete from portaria_web_turnos where id in ${doDemo}`);
  for (const t of tabelas) await tx.execute(sql.raw(`alter table ${t} enable trigger user`));
}

/** Writes the last month of the book of every active condominium, and some síndicos' daily summary. */
export async function seedLivro(tx: Db, input: LivroInput): Promise<LivroResult> {
  const { rng, batchSize, onProgress } = input;
  const now = input.now.getTime();
  const ativos = input.usuarios.filter((u) => u.status === "ativo");
  const registram = ativos.filter((u) => u.permissoes.includes("registrar_ocorrencias"));
  const centrais = registram.filter((u) => u.condominios === "todos");
  const condos = input.condos.filter((c) => c.ativo);
  const unidadesPorCondo = new Map<string, string[]>();
  for (const u of input.unidades) if (u.ativo) unidadesPorCondo.set(u.condoId, [...(unidadesPorCondo.get(u.condoId) ?? []), u.id]);

  // Real records to point at: up to 60 of the month's refusals, alarms and parcels of each condominium, spread over it.
  const desde = new Date(now - DIAS_DO_LIVRO * DAY).toISOString();
  const alvos = new Map<string, { tipo: ReferenciaOcorrencia; id: string; em: number }[]>();
  const lerAlvos = async (tipo: ReferenciaOcorrencia, query: ReturnType<typeof sql>) => {
    const result = (await tx.execute(query)) as unknown as { rows: { id: string; condominio_id: string; em: Date | string }[] };
    for (const r of result.rows) alvos.set(r.condominio_id, [...(alvos.get(r.condominio_id) ?? []), { tipo, id: r.id, em: new Date(r.em).getTime() }]);
  };
  const porCondo = (tabela: string, coluna: string, filtro: string) =>
    sql.raw(`select id, condominio_id, ${coluna} as em from (select id, condominio_id, ${coluna}, row_number() over (partition by condominio_id order by md5(id::text)) as n
       from ${tabela} where ${coluna} > '${desde}'::timestamptz ${filtro}) t where n <= 60`);
  await lerAlvos("registro", porCondo("portaria_web_registros_acesso", "registrado_em", "and resultado = 'negado'"));
  await lerAlvos("alarme", porCondo("portaria_web_alarmes", "criado_em", ""));
  await lerAlvos("encomenda", porCondo("portaria_web_encomendas", "recebida_em", ""));

  // The posts: each condominium with its porteiros (none: the central's operators keep it), and the Central.
  const postos = condos.map((c) => ({ id: c.id, porteiros: registram.filter((u) => u.condominios !== "todos" && u.condominios.includes(c.id)) }));
  const comPorteiro = postos.filter((p) => p.porteiros.length);
  const semPorteiro = centrais.length ? postos.filter((p) => !p.porteiros.length) : [];
  const embaralhar = <T>(itens: readonly T[]) =>
    itens
      .map((item) => ({ item, k: rng.next() }))
      .sort((a, b) => a.k - b.k)
      .map((x) => x.item);
  const inicioHoje = Math.floor((now - SP_OFFSET) / DAY) * DAY + SP_OFFSET;
  const primeiroSlot = inicioHoje - (DIAS_DO_LIVRO - 1) * DAY + 7 * HOUR;
  const slots = Math.floor((now - primeiroSlot) / (12 * HOUR));

  const ultimo = new Map<string, Turno>();
  const pendentes = new Map<string, Pendente[]>();
  /** Items open per condominium, for the handovers' words. */
  const abertosPorCondo = new Map<string, number>();
  const mudarAbertos = (condominioId: string, n: number) => abertosPorCondo.set(condominioId, (abertosPorCondo.get(condominioId) ?? 0) + n);
  const result: LivroResult = { turnos: 0, ocorrencias: 0, emAberto: 0, assinaturas: 0 };
  onProgress("livro da portaria", 0, slots);
  await tx.execute(sql`select set_config('portal.importacao', 'on', true)`);

  for (let s = 0; s < slots; s++) {
    const inicioSlot = primeiroSlot + s * 12 * HOUR;
    const ocupados = new Set<string>();
    const novos: Turno[] = [];
    const entradas: Entrada[] = [];
    const assumidos: { id: string; por: string; nome: string; em: Date }[] = [];

    const abrir = (posto: string, condominioId: string | null, operador: LivroUsuario): Turno | null => {
      const anterior = ultimo.get(posto);
      const inicio = Math.max(inicioSlot + rng.int(-10, 5) * MIN, (anterior?.fim.getTime() ?? 0) + rng.int(1, 6) * MIN);
      const fim = inicioSlot + 12 * HOUR + rng.int(-5, 10) * MIN;
      // Only shifts over by now: the last of each post stays closed, for a demo porteiro to take over.
      if (fim > now - 5 * MIN) return null;
      ocupados.add(operador.id);
      const turno: Turno = {
        id: rng.uuid(),
        posto,
        condominio_id: condominioId,
        operador: operador.id,
        operador_nome: operador.nome,
        iniciado_em: new Date(inicio),
        fim: new Date(fim),
        turno_anterior_id: anterior?.id ?? null,
      };
      if (anterior) assumidos.push({ id: anterior.id, por: operador.id, nome: operador.nome, em: turno.iniciado_em });
      ultimo.set(posto, turno);
      novos.push(turno);
      return turno;
    };
    /** A moment inside the shift, away from its edges. */
    const durante = (t: Turno) => new Date(t.iniciado_em.getTime() + 5 * MIN + Math.floor(rng.next() * (t.fim.getTime() - t.iniciado_em.getTime() - 10 * MIN)));
    const escrever = (t: Turno, condominioId: string, operador: LivroUsuario) => {
      const unidades = unidadesPorCondo.get(condominioId) ?? [];
      const daqui = (alvos.get(condominioId) ?? []).filter((a) => a.em < t.fim.getTime() - 10 * MIN);
      const alvo = daqui.length && rng.chance(0.15) ? rng.pick(daqui) : null;
      const sobre = alvo ? rng.pick(SOBRE[alvo.tipo]) : null;
      const tipo = sobre?.tipo ?? sortear(rng, TIPOS);
      const modelo = sobre?.modelo ?? rng.pick(MODELOS[tipo]);
      const em = alvo ? new Date(Math.max(durante(t).getTime(), Math.min(alvo.em + rng.int(2, 30) * MIN, t.fim.getTime() - 5 * MIN))) : durante(t);
      const item: Entrada = {
        id: rng.uuid(),
        condominio_id: condominioId,
        turno_id: t.id,
        natureza: "abertura",
        tipo,
        prioridade: sortear(rng, PRIORIDADES),
        titulo: modelo.titulo,
        descricao: modelo.descricao ?? null,
        unidade_id: modelo.unidade && unidades.length ? rng.pick(unidades) : null,
        referencia_tipo: alvo?.tipo ?? null,
        referencia_id: alvo?.id ?? null,
        visivel_sindico: rng.chance(1 / 3),
        criada_por: operador.id,
        criada_por_nome: operador.nome,
        created_at: em,
      };
      entradas.push(item);
      mudarAbertos(condominioId, 1);
      // About 85 % resolved one to four shifts later at the condominium's post (the recent ones stay open).
      if (rng.chance(0.85)) {
        const faltam = rng.int(1, 4);
        // A condominium with porteiros resolves at its post; one watched by the central, at the Central.
        const destino = comPorteiro.some((p) => p.id === condominioId) ? condominioId : CENTRAL;
        pendentes.set(destino, [
          ...(pendentes.get(destino) ?? []),
          { item, faltam, complementoEm: modelo.complemento && faltam > 1 && rng.chance(0.5) ? faltam - 1 : null, modelo },
        ]);
      }
    };
    const seguir = (t: Turno, posto: string, operador: LivroUsuario) => {
      const fila = pendentes.get(posto) ?? [];
      const restam: Pendente[] = [];
      for (const p of fila) {
        p.faltam--;
        const base = { condominio_id: p.item.condominio_id, turno_id: t.id, tipo: p.item.tipo, prioridade: p.item.prioridade, titulo: p.item.titulo };
        const autor = { criada_por: operador.id, criada_por_nome: operador.nome, ocorrencia_original_id: p.item.id };
        // Never before its item (a central's item may end minutes into the post's next shift).
        const depois = () => new Date(Math.max(durante(t).getTime(), p.item.created_at.getTime() + MIN));
        if (p.complementoEm !== null && p.faltam === p.complementoEm)
          entradas.push({ id: rng.uuid(), ...base, ...autor, natureza: "complemento", descricao: p.modelo.complemento!, created_at: depois() });
        if (p.faltam <= 0) {
          const descricao = rng.chance(0.8) ? (p.modelo.resolucao ?? null) : null;
          entradas.push({ id: rng.uuid(), ...base, ...autor, natureza: "resolucao", descricao, created_at: depois() });
          mudarAbertos(p.item.condominio_id, -1);
        } else restam.push(p);
      }
      pendentes.set(posto, restam);
    };

    // The Central first: every slot while some condominium has no porteiro of its own (the central
    // watches it remotely and writes its book), otherwise a third of the slots.
    const livresDaCentral = () => centrais.filter((u) => !ocupados.has(u.id));
    if (livresDaCentral().length && condos.length && (semPorteiro.length || rng.chance(1 / 3))) {
      const operador = rng.pick(livresDaCentral());
      const t = abrir(CENTRAL, null, operador);
      if (t) {
        seguir(t, CENTRAL, operador);
        for (let k = sortear(rng, POR_TURNO); k > 0; k--)
          escrever(t, (semPorteiro.length && rng.chance(0.8) ? rng.pick(semPorteiro) : rng.pick(condos)).id, operador);
      }
    }
    // The posts with porteiros: two or more take the days and the nights in turn; one alone keeps
    // the days, and a central operator the nights. Then, in a new order each slot, the central's
    // operators still free keep a post of a condominium without porteiros.
    const noite = s % 2 === 1;
    for (const posto of [...comPorteiro, ...embaralhar(semPorteiro)]) {
      const daVez = posto.porteiros.filter((_, i) => posto.porteiros.length < 2 || i % 2 === (noite ? 1 : 0));
      const livres = (noite && posto.porteiros.length === 1 ? [] : daVez).filter((u) => !ocupados.has(u.id));
      const reserva = livresDaCentral();
      const operador = livres.length ? livres[Math.floor(s / 2) % livres.length]! : reserva.length ? rng.pick(reserva) : null;
      if (!operador) continue;
      const t = abrir(posto.id, posto.id, operador);
      if (!t) continue;
      seguir(t, posto.id, operador);
      for (let k = sortear(rng, POR_TURNO); k > 0; k--) escrever(t, posto.id, operador);
    }
    if (!novos.length) continue;

    // The wave: the shifts open, the previous ones taken over, the entries in time order, the handovers.
    await tx.insert(turnos).values(novos.map(({ fim: _fim, posto: _posto, ...t }) => t));
    if (assumidos.length)
      await tx.execute(sql`
        update portaria_web_turnos t set assumido_por = v.por, assumido_por_nome = v.nome, assumido_em = v.em
          from (select * from unnest(${sql.param(assumidos.map((a) => a.id))}::uuid[], ${sql.param(assumidos.map((a) => a.por))}::uuid[],
                                     ${sql.param(assumidos.map((a) => a.nome))}::text[], ${sql.param(assumidos.map((a) => a.em.toISOString()))}::timestamptz[])) as v(id, por, nome, em)
         where t.id = v.id`);
    entradas.sort((a, b) => a.created_at.getTime() - b.created_at.getTime());
    for (let i = 0; i < entradas.length; i += batchSize) await tx.insert(ocorrencias).values(entradas.slice(i, i + batchSize));
    const escritasPor = new Map<string, Entrada[]>();
    for (const e of entradas) escritasPor.set(e.turno_id, [...(escritasPor.get(e.turno_id) ?? []), e]);
    const passagens = novos.map((t) => {
      const escritas = escritasPor.get(t.id) ?? [];
      // The post's open items: its condominium's, or at the Central every condominium's.
      const abertos = t.posto === CENTRAL ? [...abertosPorCondo.values()].reduce((a, b) => a + b, 0) : (abertosPorCondo.get(t.posto) ?? 0);
      const itens = escritas.filter((e) => e.natureza === "abertura").map((e) => e.titulo.toLowerCase());
      const resolvidas = escritas.filter((e) => e.natureza === "resolucao").length;
      if (!itens.length && !resolvidas) return rng.pick(PASSAGENS_TRANQUILAS);
      return [
        itens.length ? `Registrei: ${itens.join("; ")}.` : "",
        resolvidas === 1 ? "Resolvi 1 pendência de turnos anteriores." : resolvidas ? `Resolvi ${resolvidas} pendências de turnos anteriores.` : "",
        abertos === 1
          ? "Fica 1 item em aberto; confira a lista."
          : abertos
            ? `Ficam ${abertos} itens em aberto; confira a lista.`
            : "Nenhuma pendência em aberto.",
      ]
        .filter(Boolean)
        .join(" ");
    });
    await tx.execute(sql`
      update portaria_web_turnos t set encerrado_em = v.fim, passagem = v.passagem
        from (select * from unnest(${sql.param(novos.map((t) => t.id))}::uuid[], ${sql.param(novos.map((t) => t.fim.toISOString()))}::timestamptz[],
                                   ${sql.param(passagens)}::text[])) as v(id, fim, passagem)
       where t.id = v.id`);
    result.turnos += novos.length;
    result.ocorrencias += entradas.length;
    onProgress("livro da portaria", s + 1, slots);
  }
  await tx.execute(sql`select set_config('portal.importacao', 'off', true)`);
  onProgress("livro da portaria", slots, slots);

  // Half of the active síndicos asked for the morning's summary by e-mail.
  const sindicos = ativos.filter((u) => u.permissoes.includes("visualizar_ocorrencias") && !u.permissoes.includes("registrar_ocorrencias"));
  const assinantes = sindicos.filter((_, i) => i % 2 === 0);
  if (assinantes.length) await tx.insert(resumoDiarioAssinaturas).values(assinantes.map((u) => ({ usuario_id: u.id, created_at: new Date(now - 20 * DAY) })));
  result.assinaturas = assinantes.length;
  const [abertos] = ((await tx.execute(sql`select count(*)::int as n from portaria_web_ocorrencias_abertas`)) as unknown as { rows: { n: number }[] }).rows;
  result.emAberto = Number(abertos?.n ?? 0);
  return result;
}
