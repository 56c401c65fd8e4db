// The shapes the history and the pre-authorisations share, in a file of their own so that
// historico.ts (which calls autorizacoes.ts) and autorizacoes.ts (which builds its events) do not
// import each other.

export interface HistoricoMorador {
  id: string;
  unitId: string;
  condoId: string;
  nome: string;
  cpf: string | null;
  ativo: boolean;
  adulto: boolean;
  placa: string | null;
}

export interface HistoricoRng {
  next(): number;
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  uuid(): string;
}

export interface Pessoa {
  chave: string;
  tipo_pessoa: "morador" | "visitante" | "prestador" | "entregador";
  nome_pessoa: string;
  documento: string | null;
  unidade_id: string | null;
  morador_id: string | null;
  prestador_id: string | null;
  placa: string | null;
  autorizado_por: string | null;
  /** A pre-authorised visitor's authorisation (key 'autorizacao:<id>'). */
  autorizacao_id?: string | null;
}

export interface Evento {
  t: number;
  pessoa: Pessoa;
  sentido: "entrada" | "saida";
  resultado: "liberado" | "negado";
  motivo: string | null;
  metodo: "busca" | "codigo" | "qrcode" | "manual";
}

/** Weighted choice: `[value, weight][]`. */
export function sortear<T>(rng: HistoricoRng, pesos: readonly (readonly [T, number])[]): T {
  const total = pesos.reduce((s, [, p]) => s + p, 0);
  let r = rng.next() * total;
  for (const [valor, peso] of pesos) if ((r -= peso) < 0) return valor;
  return pesos.at(-1)![0];
}
