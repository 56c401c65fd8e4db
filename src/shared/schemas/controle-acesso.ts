import { z } from "zod";
import { isValidPlaca, normalizePlaca } from "../br/placa";
import { emptyToNull, optionalText, requiredText, uuidSchema } from "./common";
import type { SituacaoPrestador } from "../prestador-situacao";

// Controle de Acesso (gatehouse-spec §3): the gate console's requests and answers.

const condominioId = z.uuid("Escolha o condomínio da portaria.");

export const buscaPortariaQuerySchema = z.object({
  condominio_id: condominioId,
  q: z.string().trim().max(100, "Busca muito longa.").optional().default(""),
});

const optionalPlaca = z.preprocess(
  emptyToNull,
  z.string().transform(normalizePlaca).pipe(z.string().refine(isValidPlaca, "Placa inválida. Use ABC-1234 ou ABC1D23.")).nullable(),
);

/** Who passes the gate: a registered resident or provider, or someone inside now (their presence). */
export const pessoaPortariaSchema = z.discriminatedUnion(
  "tipo",
  [
    z.object({ tipo: z.literal("morador"), morador_id: uuidSchema }),
    z.object({ tipo: z.literal("prestador"), prestador_id: uuidSchema }),
    z.object({ tipo: z.literal("presenca"), presenca_id: uuidSchema }),
  ],
  { error: "Pessoa inválida." },
);

export const entradaSchema = z.object({
  condominio_id: condominioId,
  pessoa: pessoaPortariaSchema,
  /** The vehicle they came in, if any. */
  placa: optionalPlaca.optional().default(null),
  metodo: z.enum(["busca", "codigo", "qrcode", "manual"], { error: "Método inválido." }).optional().default("busca"),
  /** 'Liberar mesmo assim': who authorised letting in someone refused (never past the blocklist). */
  liberar_mesmo_assim: z
    .object({ autorizado_por: requiredText("Informe quem autorizou a entrada.", 200) }, { error: "Informe quem autorizou a entrada." })
    .optional(),
});

export const saidaSchema = z.object({
  condominio_id: condominioId,
  pessoa: pessoaPortariaSchema,
});

export const DOCUMENTO_TIPOS = ["cpf", "rg", "cnh", "passaporte", "outro"] as const;
export const DOCUMENTO_TIPO_LABEL: Record<(typeof DOCUMENTO_TIPOS)[number], string> = {
  cpf: "CPF",
  rg: "RG",
  cnh: "CNH",
  passaporte: "Passaporte",
  outro: "Outro",
};

/** 'Visitante sem pré-autorização' (§3): the porteiro confirmed with a resident of the unit by intercom. */
export const visitanteSemAutorizacaoSchema = z.object({
  condominio_id: condominioId,
  nome: requiredText("Informe o nome do visitante.", 200),
  documento_tipo: z
    .preprocess(emptyToNull, z.enum(DOCUMENTO_TIPOS, { error: "Tipo de documento inválido." }).nullable())
    .optional()
    .default(null),
  documento_numero: optionalText(40).optional().default(null),
  unidade_id: z.uuid("Escolha a unidade de destino."),
  autorizado_por_morador_id: z.uuid("Escolha o morador que autorizou a entrada."),
  placa: optionalPlaca.optional().default(null),
  observacao: optionalText(500).optional().default(null),
  liberar_mesmo_assim: entradaSchema.shape.liberar_mesmo_assim,
});

export const presentesQuerySchema = z.object({ condominio_id: condominioId });
/** The visitor form's pick-list of destination units (the porteiro may not hold the units' permissions). */
export const unidadesPortariaQuerySchema = presentesQuerySchema;

export type Entrada = z.output<typeof entradaSchema>;
export type Saida = z.output<typeof saidaSchema>;
export type VisitanteSemAutorizacao = z.output<typeof visitanteSemAutorizacaoSchema>;

export interface UnidadeResumo {
  id: string;
  bloco: string | null;
  numero_unidade: string;
}

/** 'Autorizado por': an active resident of the destination unit. */
export interface MoradorResumo {
  id: string;
  nome_completo: string;
}

export interface MoradorEncontrado {
  id: string;
  nome_completo: string;
  tipo_morador: string;
  telefone_celular: string | null;
  ativo: boolean;
  unidade: UnidadeResumo;
  /** Inside now since (ISO instant), or null. */
  dentro_desde: string | null;
}

export interface VeiculoEncontrado {
  id: string;
  placa: string;
  marca: string | null;
  modelo: string | null;
  cor: string | null;
  ativo: boolean;
  morador: { id: string; nome_completo: string; ativo: boolean; dentro_desde: string | null };
  unidade: UnidadeResumo;
}

export interface PrestadorEncontrado {
  id: string;
  nome_empresa_profissional: string;
  tipo_servico: string;
  ativo: boolean;
  situacao: SituacaoPrestador;
  /** 'Autorizado hoje', 'Fora do período autorizado' or 'Inativo' (§3). */
  situacao_hoje: "Autorizado hoje" | "Fora do período autorizado" | "Inativo";
  dentro_desde: string | null;
}

export interface BuscaPortaria {
  moradores: MoradorEncontrado[];
  veiculos: VeiculoEncontrado[];
  prestadores: PrestadorEncontrado[];
  /** Pre-authorised visitors (issue 16). */
  visitantes: never[];
}

/** What the gate answers to 'Registrar entrada': let in, or refused with the reason (recorded either way). */
export interface ResultadoAcesso {
  registro_id: string;
  resultado: "liberado" | "negado";
  /** The toast's title and text (§9). */
  titulo: string;
  mensagem: string;
  /** A refusal the porteiro may override ('Liberar mesmo assim'): every reason but the blocklist. */
  pode_liberar: boolean;
}

export interface Presenca {
  id: string;
  tipo_pessoa: string;
  nome_pessoa: string;
  unidade: UnidadeResumo | null;
  placa: string | null;
  entrou_em: string;
  /** Inside longer than the limit (12 h by default): 'Saída não registrada'. */
  saida_nao_registrada: boolean;
}
