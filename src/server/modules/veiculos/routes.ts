import { and, asc, count, eq, ilike, or, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { normalizePlaca } from "../../../shared/br/placa";
import type { Page } from "../../../shared/schemas/common";
import { veiculoListQuerySchema, type VeiculoListItem } from "../../../shared/schemas/veiculos";
import { requirePermission } from "../../auth/guard";
import type { Db } from "../../db/client";
import { condominios, moradores, unidades, veiculos } from "../../db/schema";
import { afterKey, cachedTotal, containsPattern, inCondominio, keysetPage, pageLimit, type ListTotals } from "../common";
import { matchingRows } from "../text-search";

// The read-only vehicle list (§2 Vehicles): search, condominium and status filters, by plate.
export const veiculosRoutes =
  (db: Db, totals?: ListTotals): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      "/api/veiculos",
      {
        config: { access: requirePermission("visualizar_veiculos", "Você não tem permissão para visualizar veículos.") },
        schema: { querystring: veiculoListQuerySchema },
      },
      async (request): Promise<Page<VeiculoListItem>> => {
        const { q, condominio_id, status, limit, offset, after } = request.query;
        const conditions: SQL[] = [];
        if (q) {
          const text = containsPattern(q);
          const plate = normalizePlaca(q);
          conditions.push(
            or(
              ...(plate ? [ilike(veiculos.placa, containsPattern(plate))] : []),
              ilike(veiculos.marca, text),
              ilike(veiculos.modelo, text),
              ilike(veiculos.cor, text),
            )!,
          );
        }
        if (status !== "todos") conditions.push(eq(veiculos.ativo, status === "ativo"));
        if (condominio_id !== "todos") conditions.push(inCondominio(veiculos.unidade_id, condominio_id));
        const where = conditions.length ? and(...conditions) : undefined;
        const counting = cachedTotal(totals, ["veiculos", q, condominio_id, status], async () => (await db.select({ n: count() }).from(veiculos).where(where))[0]!.n);
        // A search waits for its count: it decides where the page is read from (text-search.ts).
        const matching = q ? matchingRows(db, veiculos, where, await counting) : undefined;
        // The page first (by plate, veiculos_placa_idx), then its resident, unit and condominium.
        const pagina = db
          .select({ id: veiculos.id, placa: veiculos.placa })
          .from(matching ?? veiculos)
          .where(and(matching ? undefined : where, after && afterKey([veiculos.placa, veiculos.id], after)))
          .orderBy(asc(veiculos.placa), asc(veiculos.id))
          .limit(pageLimit(limit))
          .offset(offset)
          .as("pagina");
        const [rows, total] = await Promise.all([
          db
            .select({
              id: veiculos.id,
              morador_id: veiculos.morador_id,
              unidade_id: veiculos.unidade_id,
              placa: veiculos.placa,
              marca: veiculos.marca,
              modelo: veiculos.modelo,
              cor: veiculos.cor,
              tipo_veiculo: veiculos.tipo_veiculo,
              ativo: veiculos.ativo,
              morador: { id: moradores.id, nome_completo: moradores.nome_completo },
              unidade: { id: unidades.id, numero_unidade: unidades.numero_unidade, bloco: unidades.bloco },
              condominio: { id: condominios.id, nome: condominios.nome },
            })
            .from(pagina)
            .innerJoin(veiculos, eq(veiculos.id, pagina.id))
            .innerJoin(moradores, eq(moradores.id, veiculos.morador_id))
            .innerJoin(unidades, eq(unidades.id, veiculos.unidade_id))
            .innerJoin(condominios, eq(condominios.id, unidades.condominio_id))
            .orderBy(asc(pagina.placa), asc(pagina.id)),
          counting,
        ]);
        return { ...keysetPage(rows as VeiculoListItem[], limit, (r) => [r.placa, r.id]), total };
      },
    );
  };
