import { and, asc, countDistinct, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { grupoPermissoes, permissoes, turnos, usuarioGrupos, usuarios } from "../../db/schema";
import type { SampleRecords } from "../../route-contract";
import { turnosRepository } from "./repository";

// The routes' samples (route-contract.ts): one valid call each, for the route × role matrix, the
// scope test and the fuzzer. The book's calls depend on the caller's own shift (open one to write,
// none to open one), and a sample does not know who will call it: the suites call as the profile
// holding only `registrar_ocorrencias` (the matrix) or as the administrator (the fuzzer). So a
// sample prepares every operator (active, holding `registrar_ocorrencias`): with a shift at its
// condominium's post to write, or with none to open one. The shift to close is the one of the
// operator with the fewest permissions (the matrix's), the newest on a tie.

const PASSAGEM_DA_AMOSTRA = "Encerrado para uma chamada de amostra.";

export function amostras(db: Db) {
  /** The operators, fewest permissions first (the newest on a tie). */
  const operadores = () =>
    db
      .select({ id: usuarios.id, nome: usuarios.nome_completo })
      .from(usuarios)
      .innerJoin(usuarioGrupos, eq(usuarioGrupos.usuario_id, usuarios.id))
      .innerJoin(grupoPermissoes, eq(grupoPermissoes.grupo_id, usuarioGrupos.grupo_id))
      .innerJoin(permissoes, eq(permissoes.id, grupoPermissoes.permissao_id))
      .where(and(eq(usuarios.status, "ativo"), eq(usuarios.primeiro_acesso_concluido, true)))
      .groupBy(usuarios.id)
      .having(sql`bool_or(${permissoes.nome_permissao} = 'registrar_ocorrencias')`)
      .orderBy(asc(countDistinct(permissoes.id)), desc(usuarios.created_at), desc(usuarios.id));

  /** Closes the open shifts of these operators but those at `manter` (a condominium). */
  const encerrar = async (ids: string[], manter?: string) => {
    if (!ids.length) return;
    await db
      .update(turnos)
      .set({ encerrado_em: sql`now()`, passagem: PASSAGEM_DA_AMOSTRA })
      .where(and(inArray(turnos.operador, ids), isNull(turnos.encerrado_em), manter ? sql`${turnos.condominio_id} is distinct from ${manter}` : undefined));
  };

  /** Every operator with an open shift at the condominium's post; the operators in the order above. */
  const turnosNoPosto = async (condominioId: string) => {
    const todos = await operadores();
    await encerrar(
      todos.map((o) => o.id),
      condominioId,
    );
    const abertos = new Set(
      (
        await db
          .select({ operador: turnos.operador })
          .from(turnos)
          .where(and(eq(turnos.condominio_id, condominioId), isNull(turnos.encerrado_em)))
      ).map((t) => t.operador),
    );
    const faltam = todos.filter((o) => !abertos.has(o.id));
    if (faltam.length) await db.insert(turnos).values(faltam.map((o) => ({ condominio_id: condominioId, operador: o.id, operador_nome: o.nome })));
    return todos;
  };

  const corpoOcorrencia = async (f: SampleRecords) => {
    const condominio_id = (await f.condominio()).id;
    await turnosNoPosto(condominio_id);
    return {
      condominio_id,
      tipo: "manutencao",
      prioridade: "alta",
      titulo: `Portão da garagem travado ${f.seq()}`,
      descricao: "O portão não fecha sozinho; chamado aberto com a manutenção.",
      unidade_id: (await f.unidade()).id,
      referencia_tipo: "registro",
      referencia_id: (await f.registro()).id,
      visivel_sindico: true,
    };
  };

  return {
    /** 'Li e assumo o turno' at the condominium's post: no operator holds a shift, the handover is the post's last. */
    async abrirTurno(f: SampleRecords) {
      const condominio_id = (await f.condominio()).id;
      await encerrar((await operadores()).map((o) => o.id));
      const anterior = await turnosRepository(db).ultimoEncerrado(condominio_id);
      return { condominio_id, turno_anterior_id: anterior?.id ?? null, li_e_assumo: true };
    },

    /** An open shift at the condominium's post of the operator who calls (see above). */
    async turnoAberto(f: SampleRecords): Promise<string> {
      const condominio_id = (await f.condominio()).id;
      const [operador] = await turnosNoPosto(condominio_id);
      if (!operador) throw new Error("no user holds registrar_ocorrencias: no shift to close");
      const [turno] = await db
        .select({ id: turnos.id })
        .from(turnos)
        .where(and(eq(turnos.operador, operador.id), isNull(turnos.encerrado_em)));
      return turno!.id;
    },

    corpoOcorrencia,

    /** A new open item of the condominium, written by the administrator. */
    ocorrencia: async (f: SampleRecords) => f.criar("/api/livro/ocorrencias", await corpoOcorrencia(f)),
  };
}
