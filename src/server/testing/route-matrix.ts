import type { PortalApp } from "../app";
import type { Access } from "../auth/guard";
import { PERMISSION_NAMES, type PermissionName } from "@shared/permissions";
import { today } from "@shared/time";
import { addDays, nextSeq, type Fixtures } from "./fixtures";

// The authorization matrix and the fuzzer are generated from the app's own route table: a new
// route is covered as soon as it is registered, and fails these checks until it declares who
// may call it and has a sample here.

export type RouteEntry = PortalApp["routes"][number];

export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** Every /api route but better-auth's own catch-all (/api/auth/*). */
export const apiRoutes = (routes: readonly RouteEntry[]) => routes.filter((r) => r.url.startsWith("/api/") && !r.url.startsWith("/api/auth/"));

/** Routes whose allowed answer is a redirect, not a 2xx (Swagger UI's old address of its page). */
export const REDIRECT_ROUTES: ReadonlySet<string> = new Set(["GET /api/docs/static/index.html"]);

/** A route with path parameters, or one that takes a body, cannot be called without a sample. */
export const needsSample = (route: RouteEntry) => route.url.includes(":") || route.method !== "GET";

/** A request that uses up its target (edit, delete, status change): the allowed call gets a fresh record. */
export const consumesTarget = (route: RouteEntry) => route.method !== "GET" && route.url.includes(":");

export interface RouteSample {
  /** The concrete path, with the route's parameters taken from `f`. */
  path?: (f: Fixtures) => Promise<string>;
  /** A valid body: the allowed caller gets a 2xx with it. */
  body?: (f: Fixtures) => Promise<object> | object;
}

const strongPassword = "Sentinela#Portaria-2026";

/** One valid call of every route that needs parameters or a body, keyed by `METHOD url`. */
export const ROUTE_SAMPLES: Record<string, RouteSample> = {
  "POST /api/leads": { body: () => ({ nome: "Maria Souza", email: "maria@exemplo.com.br", descricao: "Quero um orçamento." }) },
  // Every principal of the matrix signed in with the fixtures' password (testing/harness.ts).
  "POST /api/me/senha": { body: () => ({ senhaAtual: "senha-de-teste-1", novaSenha: strongPassword, confirmacao: strongPassword }) },
  "POST /api/me/sessoes/encerrar-outras": { body: () => ({}) },
  "POST /api/page-views": { body: () => ({ path: "/portaria-web/condominios" }) },
  // A link that still works: the answer is the same { valido } for anyone.
  "GET /api/redefinicao-senha": { path: async (f) => `/api/redefinicao-senha?token=${await f.resetToken()}` },
  // The API's description: one of the page's own files.
  "GET /api/docs/static/*": { path: () => Promise.resolve("/api/docs/static/index.css") },

  "POST /api/permissoes": { body: () => ({ nome_permissao: `amostra_${nextSeq()}`, categoria: "Amostras", descricao: "Permissão de amostra" }) },
  "PUT /api/permissoes/:id": {
    path: async (f) => `/api/permissoes/${(await f.permissao()).id}`,
    body: () => ({ nome_permissao: `amostra_editada_${nextSeq()}`, categoria: "Amostras" }),
  },
  "DELETE /api/permissoes/:id": { path: async (f) => `/api/permissoes/${(await f.permissao()).id}` },

  "GET /api/grupos/:id": { path: async (f) => `/api/grupos/${(await f.grupo()).id}` },
  "POST /api/grupos": { body: () => ({ nome_grupo: `Grupo Amostra ${nextSeq()}`, descricao: "Grupo de amostra" }) },
  "PUT /api/grupos/:id": { path: async (f) => `/api/grupos/${(await f.grupo()).id}`, body: () => ({ nome_grupo: `Grupo Editado ${nextSeq()}` }) },
  "DELETE /api/grupos/:id": { path: async (f) => `/api/grupos/${(await f.grupo()).id}` },

  "GET /api/usuarios/:id": { path: async (f) => `/api/usuarios/${(await f.usuario()).id}` },
  "POST /api/usuarios": {
    body: () => {
      const n = nextSeq();
      return { nome_completo: `Usuária Amostra ${n}`, email: `amostra-${n}@teste.local`, senha: strongPassword };
    },
  },
  "PUT /api/usuarios/:id": {
    path: async (f) => `/api/usuarios/${(await f.usuario()).id}`,
    body: () => ({ nome_completo: "Usuária Editada", status: "ativo", grupo_ids: [] }),
  },
  "PATCH /api/usuarios/:id/status": { path: async (f) => `/api/usuarios/${(await f.usuario()).id}/status`, body: () => ({ status: "bloqueado" }) },
  "POST /api/usuarios/:id/reset-senha": { path: async (f) => `/api/usuarios/${(await f.usuario()).id}/reset-senha`, body: () => ({}) },

  "GET /api/condominios/:id": { path: async (f) => `/api/condominios/${(await f.condominio()).id}` },
  "POST /api/condominios": { body: () => ({ nome: `Residencial Amostra ${nextSeq()}`, cidade: "Campinas", estado: "SP" }) },
  "PUT /api/condominios/:id": { path: async (f) => `/api/condominios/${(await f.condominio()).id}`, body: () => ({ nome: "Residencial Editado" }) },
  "DELETE /api/condominios/:id": { path: async (f) => `/api/condominios/${(await f.condominio()).id}` },

  "GET /api/unidades/:id": { path: async (f) => `/api/unidades/${(await f.unidade()).id}` },
  "POST /api/unidades": { body: async (f) => ({ condominio_id: (await f.condominio()).id, numero_unidade: String(nextSeq()), bloco: "A" }) },
  "PUT /api/unidades/:id": {
    path: async (f) => `/api/unidades/${(await f.unidade()).id}`,
    body: async (f) => ({ condominio_id: (await f.unidade()).condominio_id, numero_unidade: String(nextSeq()), bloco: "B" }),
  },
  "DELETE /api/unidades/:id": { path: async (f) => `/api/unidades/${(await f.unidade()).id}` },

  "GET /api/unidades/:id/moradores": { path: async (f) => `/api/unidades/${(await f.unidade()).id}/moradores` },
  "POST /api/unidades/:id/moradores": {
    path: async (f) => `/api/unidades/${(await f.unidade()).id}/moradores`,
    body: () => ({ nome_completo: "Ana Lima", tipo_morador: "inquilino", data_nascimento: "1990-05-17" }),
  },
  "PUT /api/moradores/:id": {
    path: async (f) => `/api/moradores/${(await f.morador()).id}`,
    body: () => ({ nome_completo: "Ana Lima Editada", tipo_morador: "proprietario" }),
  },
  "DELETE /api/moradores/:id": { path: async (f) => `/api/moradores/${(await f.morador()).id}` },
  "POST /api/moradores/:id/veiculos": {
    path: async (f) => `/api/moradores/${(await f.morador()).id}/veiculos`,
    body: () => ({ placa: "ABC-1234", tipo_veiculo: "carro" }),
  },
  "PUT /api/veiculos/:id": {
    path: async (f) => `/api/veiculos/${(await f.veiculo()).id}`,
    body: () => ({ placa: "XYZ1D23", tipo_veiculo: "moto", cor: "Preta" }),
  },
  "DELETE /api/veiculos/:id": { path: async (f) => `/api/veiculos/${(await f.veiculo()).id}` },

  "GET /api/prestadores/:id": { path: async (f) => `/api/prestadores/${(await f.prestador()).id}` },
  "POST /api/prestadores": {
    body: () => ({
      nome_empresa_profissional: "Jardins & Cia",
      tipo_servico: "Jardinagem",
      data_inicio_autorizacao: "2026-01-01",
      data_fim_autorizacao: "2026-12-31",
    }),
  },
  "PUT /api/prestadores/:id": {
    path: async (f) => `/api/prestadores/${(await f.prestador()).id}`,
    body: () => ({ nome_empresa_profissional: "Jardins Editado", tipo_servico: "Paisagismo" }),
  },
  "DELETE /api/prestadores/:id": { path: async (f) => `/api/prestadores/${(await f.prestador()).id}` },

  "GET /api/controle-acesso/busca": { path: async (f) => `/api/controle-acesso/busca?condominio_id=${(await f.condominio()).id}&q=Morador` },
  "GET /api/controle-acesso/presentes": { path: async (f) => `/api/controle-acesso/presentes?condominio_id=${(await f.condominio()).id}` },
  "GET /api/controle-acesso/unidades": { path: async (f) => `/api/controle-acesso/unidades?condominio_id=${(await f.condominio()).id}` },
  "GET /api/controle-acesso/unidades/:id/moradores": { path: async (f) => `/api/controle-acesso/unidades/${(await f.unidade()).id}/moradores` },
  "POST /api/controle-acesso/entrada": {
    body: async (f) => ({ condominio_id: (await f.condominio()).id, pessoa: { tipo: "morador", morador_id: (await f.novoMorador()).id }, placa: "ABC1D23" }),
  },
  "POST /api/controle-acesso/saida": {
    body: async (f) => ({ condominio_id: (await f.condominio()).id, pessoa: { tipo: "morador", morador_id: (await f.morador()).id } }),
  },
  "POST /api/controle-acesso/visitante": {
    body: async (f) => ({
      condominio_id: (await f.condominio()).id,
      nome: `Visitante Amostra ${nextSeq()}`,
      documento_tipo: "rg",
      documento_numero: `MG-${nextSeq()}`,
      unidade_id: (await f.unidade()).id,
      autorizado_por_morador_id: (await f.morador()).id,
      placa: "XYZ1D23",
      observacao: "Entrega de documentos",
    }),
  },
  "POST /api/bloqueios": {
    body: async (f) => ({
      tipo: "veiculo",
      placa: "ABC-1234",
      nome: "Condutor Amostra",
      motivo: "Ameaçou o porteiro.",
      condominio_id: (await f.condominio()).id,
      valido_ate: "2099-12-31",
    }),
  },
  "DELETE /api/bloqueios/:id": { path: async (f) => `/api/bloqueios/${(await f.bloqueio()).id}` },
  "POST /api/registros/verificar-integridade": { body: async (f) => ({ condominio_id: (await f.condominio()).id }) },
  "POST /api/registros/:id/correcoes": {
    path: async (f) => `/api/registros/${(await f.registro()).id}/correcoes`,
    body: () => ({ errado: "Placa ABC1D23 anotada errada.", certo: "A placa era ABC1D24." }),
  },

  "GET /api/visitantes/:id": { path: async (f) => `/api/visitantes/${(await f.autorizacao()).id}` },
  "GET /api/visitantes/:id/qrcode": { path: async (f) => `/api/visitantes/${(await f.autorizacao()).id}/qrcode` },
  "POST /api/visitantes": {
    body: async (f) => ({
      condominio_id: (await f.condominio()).id,
      unidade_id: (await f.unidade()).id,
      morador_id: (await f.morador()).id,
      nome_visitante: `Diarista Amostra ${nextSeq()}`,
      documento_tipo: "cpf",
      documento_numero: "529.982.247-25",
      telefone: "(11) 98765-4321",
      email: "diarista@exemplo.com.br",
      placa: "ABC1D23",
      tipo: "recorrente",
      valido_de: today(),
      valido_ate: addDays(today(), 60),
      dias_semana: [1, 4],
      hora_inicio: "08:00",
      hora_fim: "17:00",
      max_entradas: 20,
      observacoes: "Faxina às segundas e quintas.",
    }),
  },
  "POST /api/visitantes/:id/cancelar": { path: async (f) => `/api/visitantes/${(await f.autorizacao()).id}/cancelar` },
  "POST /api/visitantes/:id/enviar-email": { path: async (f) => `/api/visitantes/${(await f.autorizacao()).id}/enviar-email` },
};

/**
 * What a user holding every permission but serving one other condominium (gatehouse-spec §2) gets
 * from each route when the sample's records (ROUTE_SAMPLES, on the fixtures' condominium) lie
 * outside their scope. Every /api route must be classified: a new module is checked for its scope
 * the day it is born (src/server/scope.test.ts).
 * - "sem_escopo": not condominium-bound data (own account, groups, catalogue, public forms).
 * - "lista": answers, but with nothing of the other condominium.
 * - 404: the record is as unknown as one that does not exist. 400: a body naming the other
 *   condominium is refused as an unknown condominium. 403: needs all-condominium access.
 */
export type ScopeExpectation = "sem_escopo" | "lista" | 400 | 403 | 404;

export const SCOPE_EXPECTATIONS: Record<string, ScopeExpectation> = {
  "POST /api/leads": "sem_escopo",
  "POST /api/page-views": "sem_escopo",
  "GET /api/redefinicao-senha": "sem_escopo",
  "GET /api/docs": "sem_escopo",
  "GET /api/docs/json": "sem_escopo",
  "GET /api/docs/yaml": "sem_escopo",
  "GET /api/docs/static/index.html": "sem_escopo",
  "GET /api/docs/static/swagger-initializer.js": "sem_escopo",
  "GET /api/docs/static/*": "sem_escopo",
  "GET /api/me": "sem_escopo",
  "GET /api/me/sessao": "sem_escopo",
  "GET /api/me/sessoes": "sem_escopo",
  "POST /api/me/senha": "sem_escopo",
  "POST /api/me/sessoes/encerrar-outras": "sem_escopo",
  "GET /api/permissoes": "sem_escopo",
  "POST /api/permissoes": "sem_escopo",
  "PUT /api/permissoes/:id": "sem_escopo",
  "DELETE /api/permissoes/:id": "sem_escopo",
  "GET /api/grupos": "sem_escopo",
  "GET /api/grupos/:id": "sem_escopo",
  "POST /api/grupos": "sem_escopo",
  "PUT /api/grupos/:id": "sem_escopo",
  "DELETE /api/grupos/:id": "sem_escopo",

  "GET /api/painel": "lista",
  "GET /api/painel/condominios": "lista",
  "GET /api/painel/acessos": "lista",
  "GET /api/condominios": "lista",
  "GET /api/unidades": "lista",
  "GET /api/moradores": "lista",
  "GET /api/veiculos": "lista",
  "GET /api/prestadores": "lista",
  "GET /api/usuarios": "lista",

  // The fixture user serves every condominium: out of reach of a manager who serves one.
  "GET /api/usuarios/:id": 404,
  "PUT /api/usuarios/:id": 404,
  "PATCH /api/usuarios/:id/status": 404,
  "POST /api/usuarios/:id/reset-senha": 404,
  "POST /api/usuarios": "sem_escopo",

  "GET /api/condominios/:id": 404,
  "POST /api/condominios": 403,
  "PUT /api/condominios/:id": 404,
  "DELETE /api/condominios/:id": 404,
  "GET /api/unidades/:id": 404,
  "POST /api/unidades": 400,
  "PUT /api/unidades/:id": 404,
  "DELETE /api/unidades/:id": 404,
  "GET /api/unidades/:id/moradores": 404,
  "POST /api/unidades/:id/moradores": 404,
  "PUT /api/moradores/:id": 404,
  "DELETE /api/moradores/:id": 404,
  "POST /api/moradores/:id/veiculos": 404,
  "PUT /api/veiculos/:id": 404,
  "DELETE /api/veiculos/:id": 404,
  "GET /api/prestadores/:id": 404,
  // The sample creates a 'Geral' provider, which only who serves every condominium may do.
  "POST /api/prestadores": 403,
  "PUT /api/prestadores/:id": 404,
  "DELETE /api/prestadores/:id": 404,

  // The gate's condominium outside the scope is as unknown as one that does not exist.
  "GET /api/controle-acesso/busca": 404,
  "GET /api/controle-acesso/presentes": 404,
  "POST /api/controle-acesso/entrada": 404,
  "POST /api/controle-acesso/saida": 404,
  "POST /api/controle-acesso/visitante": 404,
  "GET /api/bloqueios": "lista",
  // The sample names the fixtures' condominium: unknown to a user who does not serve it.
  "POST /api/bloqueios": 400,
  "DELETE /api/bloqueios/:id": 404,
  "GET /api/registros": "lista",
  "GET /api/registros/exportar": "lista",
  "POST /api/registros/verificar-integridade": 404,
  "POST /api/registros/:id/correcoes": 404,
  "GET /api/controle-acesso/unidades": 404,
  "GET /api/controle-acesso/unidades/:id/moradores": 404,
  "GET /api/visitantes": "lista",
  "GET /api/visitantes/:id": 404,
  "GET /api/visitantes/:id/qrcode": 404,
  // The sample names the fixtures' condominium: unknown to a user who does not serve it.
  "POST /api/visitantes": 400,
  "POST /api/visitantes/:id/cancelar": 404,
  "POST /api/visitantes/:id/enviar-email": 404,
};

function accessProblem(access: unknown): string | null {
  if (access === undefined) return "declares no access (config: { access }): the guard answers it with 500";
  if (access === "public" || access === "authenticated" || access === "profile") return null;
  const names = (access as { anyOf?: unknown; allOf?: unknown }).anyOf ?? (access as { allOf?: unknown }).allOf;
  const both = "anyOf" in (access as object) && "allOf" in (access as object);
  if (!both && Array.isArray(names) && names.length > 0 && names.every((p) => (PERMISSION_NAMES as readonly unknown[]).includes(p))) return null;
  return `declares an access the matrix does not know: ${JSON.stringify(access)}`;
}

/**
 * What keeps the matrix from covering the route table: a route without an access declaration,
 * a route the matrix cannot call (no sample), a sample left for a route that no longer exists.
 */
export function routeTableProblems(routes: readonly RouteEntry[], samples: Record<string, RouteSample> = ROUTE_SAMPLES): string[] {
  const problems: string[] = [];
  const api = apiRoutes(routes);
  for (const route of api) {
    const key = routeKey(route);
    const problem = accessProblem(route.access);
    if (problem) problems.push(`${key}: ${problem}`);
    if (needsSample(route) && !samples[key])
      problems.push(`${key}: no sample in ROUTE_SAMPLES (src/server/testing/route-matrix.ts): add its path and a valid body`);
    if (!(key in SCOPE_EXPECTATIONS))
      problems.push(`${key}: not in SCOPE_EXPECTATIONS (src/server/testing/route-matrix.ts): say what a user of another condominium gets`);
  }
  const keys = new Set(api.map(routeKey));
  for (const key of Object.keys(samples)) if (!keys.has(key)) problems.push(`${key}: sample for a route the app does not register`);
  for (const key of Object.keys(SCOPE_EXPECTATIONS)) if (!keys.has(key)) problems.push(`${key}: scope expectation for a route the app does not register`);
  return problems;
}

/** Who calls: the test makes one signed-in user (or none) per principal. */
export type Principal =
  | { kind: "anonimo" }
  | { kind: "sem_perfil" } // auth user without a Portaria Web profile
  | { kind: "sem_permissao" } // profile in a group with no permission
  | { kind: "primeiro_acesso_pendente" } // profile holding every permission, first access not done
  | { kind: "inativo" } // profile holding every permission, deactivated after signing in
  | { kind: "permissao"; permission: PermissionName } // profile holding exactly this one
  | { kind: "permissoes"; permissions: readonly PermissionName[] }; // profile holding exactly these

export interface MatrixCase {
  principal: Principal;
  /** The exact refusal, or any 2xx. */
  expected: 401 | 403 | "2xx";
}

export const principalLabel = (p: Principal) =>
  p.kind === "permissao" ? `perfil só com ${p.permission}` : p.kind === "permissoes" ? `perfil só com ${p.permissions.join(" e ")}` : p.kind;

/** The expected answer of each principal, derived from the route's access declaration alone. */
export function matrixCases(access: Access): MatrixCase[] {
  const problem = accessProblem(access);
  if (problem) throw new Error(problem);
  if (access === "public") return [{ principal: { kind: "anonimo" }, expected: "2xx" }];
  const cases: MatrixCase[] = [
    { principal: { kind: "anonimo" }, expected: 401 },
    { principal: { kind: "inativo" }, expected: 401 },
  ];
  // Setting one's password (first access) is exactly what an "authenticated" route is for: a
  // pending principal calling it would stop being pending, so it is not part of that row.
  if (access === "authenticated")
    return [...cases, { principal: { kind: "sem_perfil" }, expected: "2xx" }, { principal: { kind: "sem_permissao" }, expected: "2xx" }];
  cases.push({ principal: { kind: "sem_perfil" }, expected: 403 }, { principal: { kind: "primeiro_acesso_pendente" }, expected: 403 });
  if (access === "profile") return [...cases, { principal: { kind: "sem_permissao" }, expected: "2xx" }];
  if ("allOf" in access) {
    // Every one of them is needed: each alone is refused, all of them together pass.
    const other = PERMISSION_NAMES.find((p) => !access.allOf.includes(p))!;
    return [
      ...cases,
      { principal: { kind: "sem_permissao" }, expected: 403 },
      { principal: { kind: "permissao", permission: other }, expected: 403 },
      ...access.allOf.map((permission): MatrixCase => ({ principal: { kind: "permissao", permission }, expected: 403 })),
      { principal: { kind: "permissoes", permissions: access.allOf }, expected: "2xx" },
    ];
  }
  const other = PERMISSION_NAMES.find((p) => !access.anyOf.includes(p))!;
  return [
    ...cases,
    { principal: { kind: "sem_permissao" }, expected: 403 },
    { principal: { kind: "permissao", permission: other }, expected: 403 },
    ...access.anyOf.map((permission): MatrixCase => ({ principal: { kind: "permissao", permission }, expected: "2xx" })),
  ];
}
