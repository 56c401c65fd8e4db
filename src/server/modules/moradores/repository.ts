import { and, asc, eq } from "drizzle-orm";
import type { Morador } from "@shared/schemas/moradores";
import type { Veiculo } from "@shared/schemas/veiculos";
import type { Db } from "../../db/client";
import { byShape, NAMED_BY_TEXT, param } from "../../db/prepared";
import { moradores, unidades, veiculos } from "../../db/schema";
import { veiculoListColumns } from "../veiculos/repository";
import { condominioInShape, scopeShape, scopeValues, unidadeInScope, type CondominioScope } from "../../scope";

type MoradorFields = Omit<Morador, "id" | "unidade_id" | "veiculos">;
type VeiculoFields = Omit<Veiculo, "id" | "morador_id" | "unidade_id">;

const veiculoColumns = { ...veiculoListColumns, observacoes: veiculos.observacoes };

const moradorColumns = {
  id: moradores.id,
  unidade_id: moradores.unidade_id,
  nome_completo: moradores.nome_completo,
  cpf: moradores.cpf,
  rg: moradores.rg,
  data_nascimento: moradores.data_nascimento,
  email: moradores.email,
  telefone_celular: moradores.telefone_celular,
  tipo_morador: moradores.tipo_morador,
  ativo: moradores.ativo,
  observacoes: moradores.observacoes,
};

// tipo_morador and tipo_veiculo are text columns whose check constraints (moradores_tipo_check,
// veiculos_tipo_check) hold them to TIPOS_MORADOR and TIPOS_VEICULO.
const comTipoMorador = <Row extends { tipo_morador: string }>(row: Row) => ({ ...row, tipo_morador: row.tipo_morador as Morador["tipo_morador"] });
const comTipoVeiculo = <Row extends { tipo_veiculo: string }>(row: Row) => ({ ...row, tipo_veiculo: row.tipo_veiculo as Veiculo["tipo_veiculo"] });

export function moradoresRepository(db: Db) {
  // The unit page's reads, built once (db/prepared.ts). The vehicles are found through their
  // residents' unit, so both lists are read at once instead of one after the other.
  const unidadeQuery = byShape((shape: { scoped: boolean }) =>
    db
      .select({ id: unidades.id })
      .from(unidades)
      .where(and(eq(unidades.id, param("unidade")), condominioInShape(unidades.condominio_id, shape.scoped)))
      .prepare(NAMED_BY_TEXT),
  );
  const moradoresQuery = db
    .select(moradorColumns)
    .from(moradores)
    .where(eq(moradores.unidade_id, param("unidade")))
    .orderBy(asc(moradores.nome_completo))
    .prepare(NAMED_BY_TEXT);
  const veiculosQuery = db
    .select(veiculoColumns)
    .from(veiculos)
    .innerJoin(moradores, eq(moradores.id, veiculos.morador_id))
    .where(eq(moradores.unidade_id, param("unidade")))
    .orderBy(asc(veiculos.placa))
    .prepare(NAMED_BY_TEXT);

  return {
    /** The unit exists in the scope (one outside it is as unknown as one that does not exist). */
    async unidadeExists(scope: CondominioScope, id: string): Promise<boolean> {
      return (await unidadeQuery(scopeShape(scope)).execute({ unidade: id, ...scopeValues(scope) })).length > 0;
    },

    /**
     * The unit's residents by name, each with their vehicles by plate (§7 Residents, Vehicles).
     * Not scoped itself: read only together with `unidadeExists`, which is.
     */
    async listByUnidade(unidadeId: string): Promise<Morador[]> {
      const [rows, cars] = await Promise.all([moradoresQuery.execute({ unidade: unidadeId }), veiculosQuery.execute({ unidade: unidadeId })]);
      return rows.map((m) => ({ ...comTipoMorador(m), veiculos: cars.filter((v) => v.morador_id === m.id).map(comTipoVeiculo) }));
    },

    async getMorador(scope: CondominioScope, id: string) {
      const [row] = await db
        .select(moradorColumns)
        .from(moradores)
        .where(and(eq(moradores.id, id), unidadeInScope(scope, moradores.unidade_id)));
      return row ?? null;
    },

    async createMorador(unidadeId: string, input: MoradorFields) {
      const [row] = await db
        .insert(moradores)
        .values({ ...input, unidade_id: unidadeId })
        .returning(moradorColumns);
      return { ...comTipoMorador(row!), veiculos: [] };
    },

    async updateMorador(scope: CondominioScope, id: string, input: MoradorFields) {
      const [row] = await db
        .update(moradores)
        .set({ ...input, updated_at: new Date() })
        .where(and(eq(moradores.id, id), unidadeInScope(scope, moradores.unidade_id)))
        .returning(moradorColumns);
      return row ? comTipoMorador(row) : null;
    },

    /** Deletes the resident; their vehicles go with them (ON DELETE CASCADE). */
    async removeMorador(scope: CondominioScope, id: string): Promise<boolean> {
      return (
        (
          await db
            .delete(moradores)
            .where(and(eq(moradores.id, id), unidadeInScope(scope, moradores.unidade_id)))
            .returning({ id: moradores.id })
        ).length > 0
      );
    },

    async createVeiculo(morador: { id: string; unidade_id: string }, input: VeiculoFields) {
      const [row] = await db
        .insert(veiculos)
        .values({ ...input, morador_id: morador.id, unidade_id: morador.unidade_id })
        .returning(veiculoColumns);
      return comTipoVeiculo(row!);
    },

    async updateVeiculo(scope: CondominioScope, id: string, input: VeiculoFields) {
      const [row] = await db
        .update(veiculos)
        .set({ ...input, updated_at: new Date() })
        .where(and(eq(veiculos.id, id), unidadeInScope(scope, veiculos.unidade_id)))
        .returning(veiculoColumns);
      return row ? comTipoVeiculo(row) : null;
    },

    async removeVeiculo(scope: CondominioScope, id: string): Promise<boolean> {
      return (
        (
          await db
            .delete(veiculos)
            .where(and(eq(veiculos.id, id), unidadeInScope(scope, veiculos.unidade_id)))
            .returning({ id: veiculos.id })
        ).length > 0
      );
    },
  };
}
