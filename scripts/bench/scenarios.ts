import { and, asc, eq, exists, inArray, isNotNull, like, sql } from "drizzle-orm";
import { formatCpf } from "@shared/br/cpf";
import { dateInSaoPaulo, today } from "@shared/time";
import type { Db } from "../../src/server/db/client";
import { DEMO_DOMAIN, DEMO_PASSWORD, demoMarker } from "../demo/data";
import { condominios, grupos, moradores, session, unidades, usuarioGrupos, usuarios, veiculos } from "../../src/server/db/schema";
import { unidadesRepository } from "../../src/server/modules/unidades/repository";
import { ALL_CONDOMINIOS } from "../../src/server/scope";
import { gateScenarios, loadGateFixtures, type GateFixtures } from "./portaria";

/** Who the bench signs in as: demo users, whose password is known (the admin's may not be). */
export type BenchUser = "central" | "sindico" | "gestor" | "porteiro";

export interface Fixtures {
  scale: string;
  users: Record<BenchUser, { email: string; authUserId: string; group: string }>;
  password: string;
  condominioId: string;
  condominioNome: string;
  /** A unit of that condominium with residents and vehicles (the unit edit page). */
  unidadeId: string;
  /** Units the write mix adds residents to (spread, so no one unit grows). */
  writeUnidadeIds: string[];
  placa: string;
  /** A CPF of a resident of that unit (the residents list's CPF search). */
  cpf: string;
  /** The unit list's `next` at row 5,000 (all condominiums): what a user scrolled that far sends. */
  unidadesAfter5000: string;
  /** The gate's condominium and sample values (scripts/bench/portaria.ts). */
  gate: GateFixtures;
}

/** Scenario kinds; the targets depend on them (list, search, painel and the gate's requests: p95). */
export type Kind = "list" | "search" | "painel" | "page" | "auth" | "write" | "gate" | "gate-write";

export interface ReadScenario {
  id: string;
  kind: Kind;
  label: string;
  user: BenchUser;
  path: string;
  /** Paths sent in turn (values varied across requests); `path` is the first, whose SQL the floor replays. */
  paths?: string[];
}

/** Residents the write mix creates carry this name (and are deleted by it). */
export const WRITE_MIX_NAME = "Bench Morador de Carga";

// Each user is the first active demo user of a demo group: Supervisores de Portaria (the security
// company's central, every condominium) sees condominiums, units, residents, vehicles and
// providers; Síndicos sees the same but only in the one to three condominiums they serve
// (gatehouse-spec §2); Gestores de Acesso sees users, groups and permissions.
// The gate's porteiro (Porteiros, one condominium) is read with the gate's values (portaria.ts).
const GROUPS: Record<Exclude<BenchUser, "porteiro">, string> = { central: "Supervisores de Portaria", sindico: "Síndicos", gestor: "Gestores de Acesso" };

class NotSeededError extends Error {}
export { NotSeededError };

export async function loadFixtures(db: Db): Promise<Fixtures> {
  const scale = await demoMarker(db);
  if (scale === null) throw new NotSeededError("O banco não tem dados de demonstração. Rode antes: npm run seed:demo -- --scale 1");

  const users = {} as Fixtures["users"];
  for (const [key, group] of Object.entries(GROUPS) as [Exclude<BenchUser, "porteiro">, string][]) {
    const [row] = await db
      .select({ email: usuarios.email, authUserId: usuarios.auth_user_id })
      .from(usuarios)
      .innerJoin(usuarioGrupos, eq(usuarioGrupos.usuario_id, usuarios.id))
      .innerJoin(grupos, eq(grupos.id, usuarioGrupos.grupo_id))
      .where(
        and(eq(grupos.nome_grupo, group), eq(usuarios.status, "ativo"), eq(usuarios.primeiro_acesso_concluido, true), like(usuarios.email, `%@${DEMO_DOMAIN}`)),
      )
      .orderBy(asc(usuarios.email))
      .limit(1);
    if (!row?.email || !row.authUserId) throw new NotSeededError(`Nenhum usuário de demonstração ativo no grupo ${group}: rode npm run seed:demo de novo.`);
    users[key] = { email: row.email, authUserId: row.authUserId, group };
  }

  const [condo] = await db
    .select({ id: condominios.id, nome: condominios.nome })
    .from(condominios)
    .where(and(eq(condominios.ativo, true), like(condominios.email, `%${DEMO_DOMAIN}`)))
    .orderBy(asc(condominios.nome))
    .limit(1);
  if (!condo) throw new NotSeededError("Nenhum condomínio de demonstração ativo.");
  const withVehicles = exists(
    db
      .select({ one: sql`1` })
      .from(veiculos)
      .where(eq(veiculos.unidade_id, unidades.id)),
  );
  const [unit] = await db
    .select({ id: unidades.id })
    .from(unidades)
    .where(and(eq(unidades.condominio_id, condo.id), withVehicles))
    .orderBy(asc(unidades.bloco), asc(unidades.numero_unidade))
    .limit(1);
  if (!unit) throw new NotSeededError("Nenhuma unidade de demonstração com veículos.");
  const writeUnits = await db.select({ id: unidades.id }).from(unidades).where(eq(unidades.ativo, true)).orderBy(asc(unidades.id)).limit(200);
  const [car] = await db.select({ placa: veiculos.placa }).from(veiculos).where(eq(veiculos.unidade_id, unit.id)).limit(1);
  const [resident] = await db
    .select({ cpf: moradores.cpf })
    .from(moradores)
    .where(and(eq(moradores.unidade_id, unit.id), isNotNull(moradores.cpf)))
    .limit(1);
  if (!resident?.cpf) throw new NotSeededError("Nenhum morador de demonstração com CPF na unidade escolhida.");
  // Row 5,000 in the list's own order, and its cursor as the server makes it (once, by offset).
  // Below scale 1 (fewer than 5,000 units), the row halfway through the list instead.
  const units = unidadesRepository(db);
  let { next: after5000 } = await units.list(ALL_CONDOMINIOS, { q: "", condominio_id: "todos", limit: 1, offset: 4999 });
  if (!after5000) {
    const [{ n } = { n: 0 }] = await db.select({ n: sql<number>`count(*)::int` }).from(unidades);
    ({ next: after5000 } = await units.list(ALL_CONDOMINIOS, { q: "", condominio_id: "todos", limit: 1, offset: Math.floor(n / 2) }));
  }
  if (!after5000) throw new NotSeededError("Unidades de menos: rode npm run seed:demo -- --scale 1.");
  const gate = await loadGateFixtures(db);
  if (!gate) throw new NotSeededError("Nenhum porteiro de demonstração ativo num condomínio ativo com moradores e veículos: rode npm run seed:demo de novo.");
  users.porteiro = gate.porteiro;

  return {
    scale,
    users,
    password: DEMO_PASSWORD,
    condominioId: condo.id,
    condominioNome: condo.nome,
    unidadeId: unit.id,
    writeUnidadeIds: writeUnits.map((u) => u.id),
    placa: car!.placa,
    cpf: resident.cpf,
    unidadesAfter5000: after5000,
    gate: gate.gate,
  };
}

/** What earlier runs left: the bench users' sessions (one per sign-in) and interrupted write mixes. */
export async function cleanUp(db: Db, fixtures: Fixtures): Promise<void> {
  await db.delete(session).where(
    inArray(
      session.userId,
      Object.values(fixtures.users).map((u) => u.authUserId),
    ),
  );
  const left = db.select({ id: moradores.id }).from(moradores).where(eq(moradores.nome_completo, WRITE_MIX_NAME));
  await db.delete(veiculos).where(inArray(veiculos.morador_id, left));
  await db.delete(moradores).where(eq(moradores.nome_completo, WRITE_MIX_NAME));
}

/** The query strings the screens send (src/client/lib/paged-list.ts: filters, limit, then the previous page's `next` as `after`). */
const page = (params: Record<string, string>, after?: string) => `?${new URLSearchParams({ ...params, limit: "50", ...(after ? { after } : {}) })}`;

/** Every read the bench drives, as the screens ask for it. */
export function readScenarios(f: Fixtures): ReadScenario[] {
  const c = f.condominioId;
  const plate = f.placa.slice(0, 4);
  return [
    { id: "condominios-lista", kind: "list", label: "condomínios: lista", user: "central", path: `/api/condominios${page({ q: "" })}` },
    { id: "condominios-busca", kind: "search", label: "condomínios: busca 'jardim'", user: "central", path: `/api/condominios${page({ q: "jardim" })}` },
    { id: "unidades-lista", kind: "list", label: "unidades: lista", user: "central", path: `/api/unidades${page({ q: "", condominio_id: "todos" })}` },
    { id: "unidades-condominio", kind: "list", label: "unidades: um condomínio", user: "central", path: `/api/unidades${page({ q: "", condominio_id: c })}` },
    // Scrolled to row 5,000: the next page starts after that row's cursor (keyset, not offset 5000).
    {
      id: "unidades-pagina-101",
      kind: "list",
      label: "unidades: página 101 (depois da linha 5000)",
      user: "central",
      path: `/api/unidades${page({ q: "", condominio_id: "todos" }, f.unidadesAfter5000)}`,
    },
    {
      id: "unidades-busca",
      kind: "search",
      label: "unidades: busca '101' em todos",
      user: "central",
      path: `/api/unidades${page({ q: "101", condominio_id: "todos" })}`,
    },
    // The doorman's search: a unit number in one condominium (carries the req/s target).
    {
      id: "unidades-busca-condominio",
      kind: "search",
      label: "unidades: busca '101' num condomínio",
      user: "central",
      path: `/api/unidades${page({ q: "101", condominio_id: c })}`,
    },
    { id: "moradores-unidade", kind: "list", label: "moradores: os de uma unidade", user: "central", path: `/api/unidades/${f.unidadeId}/moradores` },
    {
      id: "moradores-lista",
      kind: "list",
      label: "moradores: lista",
      user: "central",
      path: `/api/moradores${page({ q: "", condominio_id: "todos", status: "todos" })}`,
    },
    {
      id: "moradores-filtro",
      kind: "list",
      label: "moradores: ativos de um condomínio",
      user: "central",
      path: `/api/moradores${page({ q: "", condominio_id: c, status: "ativo" })}`,
    },
    {
      id: "moradores-busca-nome",
      kind: "search",
      label: "moradores: busca 'silva'",
      user: "central",
      path: `/api/moradores${page({ q: "silva", condominio_id: "todos", status: "todos" })}`,
    },
    {
      id: "moradores-busca-cpf",
      kind: "search",
      label: "moradores: busca por CPF",
      user: "central",
      path: `/api/moradores${page({ q: formatCpf(f.cpf), condominio_id: "todos", status: "todos" })}`,
    },
    {
      id: "moradores-busca-unidade",
      kind: "search",
      label: "moradores: busca '101'",
      user: "central",
      path: `/api/moradores${page({ q: "101", condominio_id: "todos", status: "todos" })}`,
    },
    {
      id: "veiculos-lista",
      kind: "list",
      label: "veículos: lista",
      user: "central",
      path: `/api/veiculos${page({ q: "", condominio_id: "todos", status: "todos" })}`,
    },
    {
      id: "veiculos-filtro",
      kind: "list",
      label: "veículos: ativos de um condomínio",
      user: "central",
      path: `/api/veiculos${page({ q: "", condominio_id: c, status: "ativo" })}`,
    },
    {
      id: "veiculos-busca",
      kind: "search",
      label: `veículos: busca placa '${plate}'`,
      user: "central",
      path: `/api/veiculos${page({ q: plate, condominio_id: "todos", status: "todos" })}`,
    },
    {
      id: "veiculos-busca-marca",
      kind: "search",
      label: "veículos: busca 'fiat'",
      user: "central",
      path: `/api/veiculos${page({ q: "fiat", condominio_id: "todos", status: "todos" })}`,
    },
    {
      id: "prestadores-lista",
      kind: "list",
      label: "prestadores: lista",
      user: "central",
      path: `/api/prestadores${page({ q: "", condominio_id: "todos", status: "todos" })}`,
    },
    {
      id: "prestadores-filtro",
      kind: "list",
      label: "prestadores: ativos de um condomínio",
      user: "central",
      path: `/api/prestadores${page({ q: "", condominio_id: c, status: "ativo" })}`,
    },
    {
      id: "prestadores-busca",
      kind: "search",
      label: "prestadores: busca 'limpeza'",
      user: "central",
      path: `/api/prestadores${page({ q: "limpeza", condominio_id: "todos", status: "todos" })}`,
    },
    { id: "usuarios-lista", kind: "list", label: "usuários: lista", user: "gestor", path: `/api/usuarios${page({ q: "", status: "todos" })}` },
    { id: "usuarios-filtro", kind: "list", label: "usuários: ativos", user: "gestor", path: `/api/usuarios${page({ q: "", status: "ativo" })}` },
    { id: "usuarios-busca", kind: "search", label: "usuários: busca 'silva'", user: "gestor", path: `/api/usuarios${page({ q: "silva", status: "todos" })}` },
    { id: "grupos-lista", kind: "list", label: "grupos: lista", user: "gestor", path: "/api/grupos" },
    { id: "permissoes-lista", kind: "list", label: "permissões: lista", user: "gestor", path: "/api/permissoes" },
    { id: "painel-todos", kind: "painel", label: "painel: todos", user: "central", path: "/api/painel?condominio_id=todos" },
    { id: "painel-condominio", kind: "painel", label: "painel: um condomínio", user: "central", path: `/api/painel?condominio_id=${c}` },
    { id: "painel-condominios", kind: "page", label: "condomínios ativos (filtros, formulário da unidade)", user: "central", path: "/api/painel/condominios" },
    { id: "unidade", kind: "page", label: "página da unidade: dados", user: "central", path: `/api/unidades/${f.unidadeId}` },
    { id: "me", kind: "page", label: "sessão (/api/me, toda página)", user: "central", path: "/api/me" },

    // The same screens for a síndico who serves one to three condominiums: every query carries the scope.
    ...scopedScenarios(),
    // The gate: console search, who is inside, Registros under each filter (portaria.ts).
    ...gateScenarios(f.gate),
  ];
}

const registrosDoSindico = { q: "", condominio_id: "todos", tipo_pessoa: "todos", sentido: "todos", resultado: "todos" };

/** A síndico's lists and painel (condominium scope): the same targets as the unscoped ones. */
function scopedScenarios(): ReadScenario[] {
  const all = { q: "", condominio_id: "todos", status: "todos" };
  const scoped = (id: string, kind: Kind, label: string, path: string): ReadScenario => ({
    id: `escopo-${id}`,
    kind,
    label: `síndico: ${label}`,
    user: "sindico",
    path,
  });
  return [
    scoped("condominios", "list", "condomínios", `/api/condominios${page({ q: "" })}`),
    scoped("unidades", "list", "unidades", `/api/unidades${page({ q: "", condominio_id: "todos" })}`),
    scoped("unidades-busca", "search", "unidades, busca '101'", `/api/unidades${page({ q: "101", condominio_id: "todos" })}`),
    scoped("moradores", "list", "moradores", `/api/moradores${page(all)}`),
    scoped("moradores-busca", "search", "moradores, busca 'silva'", `/api/moradores${page({ ...all, q: "silva" })}`),
    scoped("veiculos", "list", "veículos", `/api/veiculos${page(all)}`),
    scoped("prestadores", "list", "prestadores", `/api/prestadores${page(all)}`),
    // Registros read condominium by condominium of the scope (issue 33), today and over a month.
    scoped("registros", "gate", "registros de hoje, os seus", `/api/registros${page(registrosDoSindico)}`),
    scoped(
      "registros-mes",
      "gate",
      "registros de 30 dias, os seus",
      `/api/registros${page({ ...registrosDoSindico, de: dateInSaoPaulo(Date.now() - 29 * 86_400_000), ate: today() })}`,
    ),
    scoped("painel", "painel", "painel: todos os seus", "/api/painel?condominio_id=todos"),
    scoped("painel-condominios", "page", "os seus condomínios (filtros)", "/api/painel/condominios"),
  ];
}
