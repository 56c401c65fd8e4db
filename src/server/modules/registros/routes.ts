import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  correcaoCriadaSchema,
  correcaoInputSchema,
  registroExportQuerySchema,
  registroListQuerySchema,
  registrosPageSchema,
  resolvePeriodo,
  verificacaoIntegridadeSchema,
  verificarIntegridadeSchema,
} from "@shared/schemas/registros";
import { today } from "@shared/time";
import { MSG } from "@shared/messages";
import { currentProfile, requireAllPermissions, requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { condominios, exportacoesRegistros } from "../../db/schema";
import { forbidden, notFound, ruleRefusal } from "../../errors";
import { condominioInScope, scopeOf } from "../../scope";
import { idParams, type ListTotals } from "../common";
import { controleAcessoRepository } from "../controle-acesso/repository";
import { copyOut } from "../../db/copy";
import type { LeiturasLongas } from "../../db/leituras-longas";
import type { Cadeia } from "./selos";
import { crlf, csvBody, csvHeader, csvRow, enviarCsv } from "./csv";
import { verificarIntegridade } from "./integridade";
import { correcaoObservacao, registrosRepository } from "./repository";

const access = requirePermission("visualizar_registros_acesso");
const corrigir = requireAllPermissions(["visualizar_registros_acesso", "registrar_acesso_visitante"]);

// Registros (gatehouse-spec §5): the list, its CSV export (recorded) and the integrity check.
export const registrosRoutes =
  (db: Db, totals?: ListTotals, leituras?: LeiturasLongas, cadeia?: Cadeia): FastifyPluginAsyncZod =>
  async (app) => {
    const repo = registrosRepository(db, totals);
    const gate = controleAcessoRepository(db);

    app.get(
      "/api/registros",
      {
        config: {
          access,
          description:
            "os registros de acesso, mais recentes primeiro, paginados por cursor (`next`); sem período, hoje (dias de São Paulo); filtros de condomínio, pessoa, tipo, sentido, resultado e texto",
          scope: "lista",
        },
        schema: { querystring: registroListQuerySchema, response: { 200: registrosPageSchema } },
      },
      async (request) => repo.list(scopeOf(request), request.query, leituras?.pesada),
    );

    app.get(
      "/api/registros/exportar",
      {
        config: {
          access,
          leituraLonga: true,
          description:
            "exatamente o filtro da lista, em CSV (UTF-8 com BOM, `;`, horas de São Paulo), enviado aos poucos; cada exportação fica registrada (quem, quando, qual filtro, quantas linhas)",
          scope: "lista",
        },
        schema: {
          querystring: registroExportQuerySchema,
          response: { 200: { description: "Os registros do filtro em CSV (UTF-8 com BOM, separador ';').", content: { "text/csv": { schema: csvBody } } } },
        },
      },
      async (request, reply) => {
        const scope = scopeOf(request);
        const profile = request.session?.profile;
        if (!profile) throw forbidden();
        const filtro = repo.appliedFilter(request.query);
        // A slot among the long reads (PGlite: a bounded few, db/leituras-longas.ts), held until the last line.
        const sair = leituras ? await leituras.entrar() : () => undefined;
        reply.raw.once("close", sair);
        // Recorded before the first row leaves (who, when, which filter); finished with the count.
        const [exportacao] = await db
          .insert(exportacoesRegistros)
          .values({ usuario_id: profile.id, usuario_nome: profile.nome_completo, filtro })
          .returning({ id: exportacoesRegistros.id });
        // PostgreSQL writes the lines itself (COPY); PGlite's are read a batch at a time and formatted here.
        const copy = await copyOut(db, repo.copyCsvStatement(scope, request.query));
        async function* csv() {
          let linhas = 0;
          let completa = false;
          try {
            yield csvHeader();
            if (copy) {
              for await (const chunk of copy.stream) yield crlf(chunk as Buffer);
              linhas = copy.rowCount();
            } else {
              for await (const batch of repo.batches(scope, request.query, leituras?.pagina)) {
                yield batch.map(csvRow).join("");
                linhas += batch.length;
                await leituras?.pausa();
              }
            }
            completa = true;
          } finally {
            sair();
            await db
              .update(exportacoesRegistros)
              .set({ linhas, completa, concluida_em: new Date() })
              .where(eq(exportacoesRegistros.id, exportacao!.id))
              .catch((error: Error) => request.log.error({ err: error }, "export record not finished"));
          }
        }
        const nome = filtro.de === filtro.ate ? `registros-${filtro.de}.csv` : `registros-${filtro.de}-a-${filtro.ate}.csv`;
        return enviarCsv(reply, nome, Readable.from(csv(), { objectMode: false }));
      },
    );

    // 'Corrigir registro' (§5): a new record pointing at the one it corrects, chained like every
    // record. Reading the records and registering at the gate, both (docs/decisions/0004).
    app.post(
      "/api/registros/:id/correcoes",
      {
        config: {
          access: corrigir,
          description:
            "`{ errado, certo }` → 201 `{ id, registrado_em }`: 'Corrigir registro', um novo registro (encadeado) que aponta para o corrigido (`corrige_registro_id`); 404 fora do escopo; 403 `RULE` para a correção de uma correção",
          scope: 404,
          sample: {
            path: async (f) => `/api/registros/${(await f.registro()).id}/correcoes`,
            body: () => ({ errado: "Placa ABC1D23 anotada errada.", certo: "A placa era ABC1D24." }),
          },
          // Its texts, read back from the list on the corrected record's day (today).
          storesText: {
            readBack: async (created, get) => (await get("/api/registros?limit=200")).rows.find((r: { id: string }) => r.id === created.id).correcao,
          },
        },
        schema: { params: idParams, body: correcaoInputSchema, response: { 201: correcaoCriadaSchema } },
      },
      async (request, reply) => {
        const original = await repo.paraCorrigir(scopeOf(request), request.params.id);
        if (!original) throw notFound(MSG.registroNotFound);
        // One level: a correction is corrected by correcting its original again.
        if (original.corrige_registro_id) throw ruleRefusal(MSG.correcaoDeCorrecao);
        const profile = currentProfile(request);
        // The event as recorded (so the correction sits in the same filters as its original), by
        // whoever corrects it, with what was wrong and what is right.
        const row = await gate.registrar(
          {
            condominio_id: original.condominio_id,
            unidade_id: original.unidade_id,
            tipo_pessoa: original.tipo_pessoa,
            morador_id: original.morador_id,
            prestador_id: original.prestador_id,
            autorizacao_id: original.autorizacao_id,
            nome_pessoa: original.nome_pessoa,
            documento: original.documento,
            placa: original.placa,
            sentido: original.sentido,
            resultado: original.resultado,
            motivo: original.motivo,
            metodo: original.metodo,
            autorizado_por: original.autorizado_por,
            liberado_manualmente: original.liberado_manualmente,
            operador_id: profile.id,
            operador_nome: profile.nome_completo,
            corrige_registro_id: original.id,
            observacao: correcaoObservacao(request.body),
          },
          null,
          null,
        );
        return reply.status(201).send({ id: row.id, registrado_em: row.registrado_em.toISOString() });
      },
    );

    app.post(
      "/api/registros/verificar-integridade",
      {
        config: {
          access,
          leituraLonga: true,
          description:
            "confere a cadeia de hashes dos registros do condomínio no período: 'Registros íntegros: N verificados.' ou o primeiro registro alterado ou removido",
          scope: 404,
          sample: { body: async (f) => ({ condominio_id: (await f.condominio()).id }) },
        },
        schema: { body: verificarIntegridadeSchema, response: { 200: verificacaoIntegridadeSchema } },
      },
      async (request) => {
        const { condominio_id, de, ate } = request.body;
        // Outside the scope as unknown as a condominium that does not exist (§2).
        const [found] = await db
          .select({ id: condominios.id })
          .from(condominios)
          .where(and(eq(condominios.id, condominio_id), condominioInScope(scopeOf(request), condominios.id)));
        if (!found) throw notFound();
        const periodo = de || ate ? resolvePeriodo({ de, ate }, today()) : undefined;
        const sair = leituras ? await leituras.entrar() : () => undefined;
        try {
          return await verificarIntegridade(db, condominio_id, periodo, leituras, cadeia);
        } finally {
          sair();
        }
      },
    );
  };
