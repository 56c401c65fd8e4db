import { z } from "zod";
import { booleanDefaultTrue, condominioFilter, instante, listPaging, paginaSchema, refSchema, requiredText, searchText } from "./common";
import { afterOrOffset, cursorId, cursorText, sortKey } from "./cursor";

// Dispositivos (gate-operation-spec §2.1): the controllers, facial readers and turnstiles at a
// condominium's gate. The one schema of the resource, used by the API, the OpenAPI document and
// the client's form.

export const FABRICANTES = ["controlid", "intelbras"] as const;
export type Fabricante = (typeof FABRICANTES)[number];
export const FABRICANTE_ROTULO: Record<Fabricante, string> = { controlid: "Control iD", intelbras: "Intelbras" };

/** 'direta': the portal calls the device at its address; 'saida': the device calls the portal (behind NAT). */
export const CONEXOES = ["direta", "saida"] as const;
export type Conexao = (typeof CONEXOES)[number];
export const CONEXAO_ROTULO: Record<Conexao, string> = {
  direta: "Direta (o portal chama o dispositivo)",
  saida: "De saída (o dispositivo chama o portal)",
};

export const SENTIDOS_PORTA = ["entrada", "saida"] as const;
export const SENTIDO_PORTA_ROTULO: Record<(typeof SENTIDOS_PORTA)[number], string> = { entrada: "Entrada", saida: "Saída" };

export const ESTADOS_DISPOSITIVO = ["online", "offline", "erro"] as const;
export type EstadoDispositivo = (typeof ESTADOS_DISPOSITIVO)[number];

/** Doors per device: the largest controllers of both vendors drive four; eight leaves room. */
export const MAX_PORTAS = 8;

export const portaSchema = z.object({
  numero: z
    .number({ error: "Informe o número da porta." })
    .int("Informe o número da porta.")
    .min(1, `O número da porta vai de 1 a ${MAX_PORTAS}.`)
    .max(MAX_PORTAS, `O número da porta vai de 1 a ${MAX_PORTAS}.`),
  nome: requiredText("Informe o nome da porta.", 60),
  sentido: z.enum(SENTIDOS_PORTA, { error: "Informe se a porta é de entrada ou de saída." }),
});
export type PortaDispositivo = z.output<typeof portaSchema>;

const ENDERECO_INVALIDO = "Informe o endereço do dispositivo como http://192.168.0.10 ou https://host:porta.";
/** http(s)://host[:port] as a technician types it; a path is allowed (devices behind a proxy). */
const enderecoSchema = z.preprocess(
  (v) => (typeof v === "string" && v.trim() === "" ? null : v),
  z
    .string()
    .trim()
    .max(200, "Use no máximo 200 caracteres.")
    .regex(/^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i, ENDERECO_INVALIDO)
    .refine((v) => {
      try {
        const url = new URL(v);
        return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && !url.username && !url.password;
      } catch {
        return false;
      }
    }, ENDERECO_INVALIDO)
    .transform((v) => v.replace(/\/+$/, ""))
    .nullable(),
);

/**
 * What the form sends and the API takes. `senha`: on creation the device's password; on an edit,
 * blank keeps the stored one (the API never gives it back, so the form cannot send it again).
 */
export const dispositivoInputSchema = z
  .object({
    condominio_id: z.uuid({ error: "Selecione o condomínio." }),
    nome: requiredText("Informe o nome do dispositivo.", 100),
    fabricante: z.enum(FABRICANTES, { error: "Selecione o fabricante." }),
    modelo: requiredText("Informe o modelo.", 60),
    conexao: z.enum(CONEXOES, { error: "Selecione o tipo de conexão." }),
    endereco: enderecoSchema.optional().default(null),
    usuario: z
      .preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), z.string().trim().max(60, "Use no máximo 60 caracteres.").nullable())
      .optional()
      .default(null),
    senha: z.string({ error: "Senha inválida." }).max(128, "Use no máximo 128 caracteres.").optional().default(""),
    portas: z
      .array(portaSchema, { error: "Informe as portas do dispositivo." })
      .min(1, "Informe ao menos uma porta.")
      .max(MAX_PORTAS, `Use no máximo ${MAX_PORTAS} portas.`),
    sensor_porta: z.boolean({ error: "Valor inválido." }).optional().default(false),
    ativo: booleanDefaultTrue,
  })
  .superRefine((d, ctx) => {
    if (d.conexao === "direta" && !d.endereco)
      ctx.addIssue({ code: "custom", path: ["endereco"], message: "Informe o endereço: na conexão direta o portal chama o dispositivo." });
    const vistos = new Set<number>();
    d.portas.forEach((porta, i) => {
      if (vistos.has(porta.numero)) ctx.addIssue({ code: "custom", path: ["portas", i, "numero"], message: "Cada porta tem um número diferente." });
      vistos.add(porta.numero);
    });
  });
export type DispositivoInput = z.input<typeof dispositivoInputSchema>;
export type DispositivoData = z.output<typeof dispositivoInputSchema>;

/** One device, as the API answers it: never its password, only whether one is stored. */
export const dispositivoSchema = z.object({
  id: z.string(),
  condominio: refSchema,
  nome: z.string(),
  fabricante: z.enum(FABRICANTES),
  modelo: z.string(),
  conexao: z.enum(CONEXOES),
  endereco: z.string().nullable(),
  usuario: z.string().nullable(),
  senha_definida: z.boolean(),
  /** The address the technician types into the device: <PUBLIC_URL>/api/integracoes/<fabricante>/<token>. */
  url_integracao: z.string(),
  portas: z.array(portaSchema),
  sensor_porta: z.boolean(),
  ativo: z.boolean(),
  estado: z.enum(ESTADOS_DISPOSITIVO),
  erro: z.string().nullable(),
  ultimo_contato_em: instante.nullable(),
  firmware: z.string().nullable(),
  created_at: instante,
  updated_at: instante,
});
export type Dispositivo = z.input<typeof dispositivoSchema>;

/**
 * 'Testar conexão' (§2.1): who answered, its firmware and how far its clock is from the portal's
 * (`diferenca_relogio_s`, positive when the device is ahead); or why it did not answer, in pt-BR.
 */
export const testeDeConexaoSchema = z.discriminatedUnion("conectado", [
  z.object({
    conectado: z.literal(true),
    modelo: z.string().nullable(),
    serie: z.string().nullable(),
    firmware: z.string().nullable(),
    relogio: instante.nullable(),
    diferenca_relogio_s: z.number().int().nullable(),
    tempo_resposta_ms: z.number().int(),
  }),
  z.object({ conectado: z.literal(false), erro: z.string() }),
]);
export type TesteDeConexao = z.input<typeof testeDeConexaoSchema>;

/** The list's order: by name, then id (the dispositivos_ordem_idx index). */
export const dispositivoOrdem = sortKey(["nome", cursorText(1000)], ["id", cursorId]);

export const dispositivoListQuerySchema = z
  .object({ q: searchText, condominio_id: condominioFilter, ...listPaging, after: dispositivoOrdem.after })
  .superRefine(afterOrOffset);

export const dispositivoPageSchema = paginaSchema(dispositivoSchema);

/**
 * The state as the list shows it: 'Online', 'Offline há 12 min', 'Erro: ...' (§2.1). `agora` and
 * the last contact in epoch ms.
 */
export function estadoDoDispositivo(d: { estado: EstadoDispositivo; erro: string | null; ultimo_contato_em: string | null }, agora: number): string {
  if (d.estado === "online") return "Online";
  if (d.estado === "erro") return `Erro: ${d.erro ?? "sem detalhe"}`;
  if (!d.ultimo_contato_em) return "Offline (nunca se conectou)";
  const minutos = Math.max(0, Math.floor((agora - Date.parse(d.ultimo_contato_em)) / 60_000));
  if (minutos < 60) return `Offline há ${minutos} min`;
  const horas = Math.floor(minutos / 60);
  if (horas < 48) return `Offline há ${horas} h`;
  return `Offline há ${Math.floor(horas / 24)} dias`;
}

/**
 * Why a device did not do what the portal asked (§2.1 'Testar conexão', §2.2 'Falhou: <motivo>'),
 * in the words the console and the registry show. The vendor's own error goes inside `recusou`.
 */
/** An identifier the portal does not know (§2.3): the record's reason and the device's screen. */
export const NAO_IDENTIFICADO = "Não identificado.";
/** The name an unidentified person's record carries. */
export const NAO_IDENTIFICADO_NOME = "Não identificado";

export const FALHA_DO_DISPOSITIVO = {
  semResposta: (segundos: number) => `Dispositivo não respondeu em ${segundos} s.`,
  credenciais: "Dispositivo recusou usuário ou senha.",
  inalcancavel: "Não foi possível conectar ao dispositivo: confira o endereço, a porta e a rede.",
  recusou: (detalhe: string) => `Dispositivo recusou o pedido: ${detalhe}`,
  /** A device that calls out did not ask for the request (push mode). */
  naoBuscouPedido: (segundos: number) => `Dispositivo não buscou o pedido em ${segundos} s.`,
  respostaInvalida: "O dispositivo respondeu algo que o portal não entende: confira o fabricante e o modelo cadastrados.",
  semEndereco: "Este dispositivo chama o portal (conexão de saída): o portal não o chama pelo endereço.",
  senhaIlegivel: "A senha guardada não abre com a chave atual do portal (DEVICE_KEY): informe a senha do dispositivo de novo.",
} as const;

/** The module's toasts (the message catalogue's rule: titles and texts live with the schemas). */
/** What a device reported, as its page lists it (§2.1 'eventos recentes'). */
export const TIPO_EVENTO_ROTULO = {
  identificacao: "Identificação",
  porta_aberta: "Porta aberta",
  porta_fechada: "Porta fechada",
  porta_forcada: "Porta forçada",
  porta_mantida_aberta: "Porta aberta por tempo demais",
} as const;

export const eventoDispositivoSchema = z.object({
  id: z.string(),
  tipo: z.enum(["identificacao", "porta_aberta", "porta_fechada", "porta_forcada", "porta_mantida_aberta"]),
  ocorrido_em: instante,
  recebido_em: instante,
  porta: z.string().nullable().describe("O nome da porta, quando o dispositivo disse qual."),
  /** Identifications: who (as recorded), the outcome and how. */
  pessoa: z.string().nullable(),
  resultado: z.enum(["liberado", "negado"]).nullable(),
  motivo: z.string().nullable(),
  meio: z.string().nullable().describe("rosto, cartão, QR, PIN..."),
});
export type EventoDispositivo = z.input<typeof eventoDispositivoSchema>;
export const eventosDispositivoSchema = z.object({ eventos: z.array(eventoDispositivoSchema) });

/** 'Sincronizar agora' (§2.4): what the round did; `erro` when the device could not be reached. */
export const resumoSincronizacaoSchema = z.object({
  sincronizadas: z.number().int(),
  removidas: z.number().int(),
  falhas: z.number().int(),
  pendentes: z.number().int(),
  erro: z.string().nullable(),
  em_andamento: z
    .boolean()
    .describe("A rodada segue depois da resposta: um dispositivo de conexão de saída recebe os pedidos quando chama o portal; acompanhe por pessoa."),
});
export type ResumoSincronizacao = z.infer<typeof resumoSincronizacaoSchema>;

/** What a round says of a device it could not finish now (its `erro`, or the toast of one under way). */
export const AVISO_DA_SINCRONIZACAO = {
  inativo: "Dispositivo inativo: ative-o para sincronizar.",
  senhaIlegivel: "Senha do dispositivo ilegível: digite-a de novo.",
  saidaSemPedidos:
    "Dispositivo de conexão de saída deste fabricante: o portal não grava pessoas nele; no Modo Online ele consulta o portal a cada identificação.",
  emAndamento: "Sincronização em andamento: o dispositivo recebe os pedidos quando chama o portal. O estado de cada pessoa se atualiza nesta página.",
} as const;

const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

/** A round's outcome in one sentence (the toast of 'Sincronizar agora'). */
export function textoDoResumoSincronizacao(r: ResumoSincronizacao): string {
  if (r.em_andamento) return `${AVISO_DA_SINCRONIZACAO.emAndamento} ${plural(r.pendentes, "pessoa pendente", "pessoas pendentes")}.`;
  if (r.erro) return `${r.erro} ${plural(r.pendentes, "pessoa pendente", "pessoas pendentes")}.`;
  return `${[plural(r.sincronizadas, "gravada", "gravadas"), plural(r.removidas, "removida", "removidas"), plural(r.falhas, "falha", "falhas")].join(", ")}.`;
}

export const ESTADO_SINCRONIZACAO_ROTULO = { sincronizado: "Sincronizado", pendente: "Pendente", falhou: "Falhou" } as const;

/** Per person, what the device holds of them (§2.4). */
export const sincronizacaoSchema = z.object({
  sincronizado_em: instante.nullable(),
  pessoas: z.array(
    z.object({
      nome: z.string(),
      usuario: z.string().describe("O número da pessoa no dispositivo."),
      estado: z.enum(["sincronizado", "pendente", "falhou"]),
      motivo: z.string().nullable(),
      remover: z.boolean().describe("A pessoa não pode mais entrar: sai do dispositivo."),
      atualizado_em: instante,
    }),
  ),
});
export type Sincronizacao = z.input<typeof sincronizacaoSchema>;

export const DISPOSITIVOS_TEXTOS = {
  buscar: "Erro ao carregar dispositivos",
  eventos: "Erro ao carregar os eventos do dispositivo",
  sincronizar: "Erro ao sincronizar o dispositivo",
  sincronizado: "Sincronização concluída",
  sincronizando: "Sincronização em andamento",
  sincronizacao: "Erro ao carregar a sincronização do dispositivo",
  criado: "Dispositivo cadastrado",
  criar: "Erro ao cadastrar dispositivo",
  salvo: "Dispositivo atualizado",
  salvar: "Erro ao salvar dispositivo",
  excluido: "Dispositivo excluído",
  excluir: "Erro ao excluir dispositivo",
  novoEndereco: "Novo endereço de integração gerado",
  gerarEndereco: "Erro ao gerar novo endereço",
  testar: "Erro ao testar a conexão",
} as const;
