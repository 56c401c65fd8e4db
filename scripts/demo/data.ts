import { randomBytes } from "node:crypto";
import { eq, inArray, isNull, like, notLike, or, sql } from "drizzle-orm";
import { PERMISSIONS, type PermissionName, type UserStatus } from "@shared/permissions";
import { cnpjWithCheckDigits } from "@shared/br/cnpj";
import { cpfWithCheckDigits } from "@shared/br/cpf";
import type { Auth } from "../../src/server/auth/auth";
import type { Db } from "../../src/server/db/client";
import { BASE_REGISTROS, countForeignRegistros, removeHistorico, seedHistorico, type HistoricoPrestador, type HistoricoResult } from "./historico";
import { removeEncomendas, seedEncomendas, type EncomendasResult } from "./encomendas";
import { removeLivro, seedLivro, type LivroResult } from "./livro";
import type { HistoricoMorador } from "./tipos";
import { selarCabecas } from "../../src/server/modules/registros/selos";
import { cofreDeSenhas } from "../../src/server/modules/dispositivos/senha";
import { CREDENCIAIS_DA_FROTA, frotaPadrao, PORTA_DO_SIMULADOR } from "../simulador/frota";
import {
  account,
  condominios,
  dispositivos,
  grupoPermissoes,
  grupos,
  moradores,
  permissoes,
  portalSettings,
  prestadores,
  unidades,
  user,
  usuarioCondominios,
  usuarioGrupos,
  usuarios,
  veiculos,
} from "../../src/server/db/schema";

// Deterministic pt-BR demonstration data (`npm run seed:demo -- --scale N`). Every e-mail the
// demo creates ends in DEMO_DOMAIN: that is how demo rows are told apart from real ones
// (condominiums and providers directly; units, residents and vehicles through their condominium;
// users by their e-mail).

export const DEMO_DOMAIN = "demo.portal.local";
export const DEMO_PASSWORD = "Demo-Portal-2026";
export const DEMO_MARKER_KEY = "demo_data";
const DEMO_LIKE = `%${DEMO_DOMAIN}`;
const DEMO_GROUP_NOTE = " (dados de demonstração)";

/** Row counts at scale 1. */
export const BASE_COUNTS = {
  condominios: 200,
  unidades: 40_000,
  moradores: 100_000,
  veiculos: 60_000,
  prestadores: 5_000,
  usuarios: 200,
} as const;
export type DemoTable = keyof typeof BASE_COUNTS;

export function demoCounts(scale: number): Record<DemoTable, number> {
  const n = (base: number, min: number) => Math.max(min, Math.round(base * scale));
  return {
    condominios: n(BASE_COUNTS.condominios, 1),
    unidades: n(BASE_COUNTS.unidades, 1),
    moradores: n(BASE_COUNTS.moradores, 1),
    veiculos: n(BASE_COUNTS.veiculos, 1),
    prestadores: n(BASE_COUNTS.prestadores, 1),
    usuarios: n(BASE_COUNTS.usuarios, DEMO_GROUPS.length),
  };
}

/** Access records of the twelve months of history (10 million at scale 1). */
export function demoRegistros(scale: number): number {
  return Math.max(1, Math.round(BASE_REGISTROS * scale));
}

export class DemoRefusedError extends Error {}

export interface DemoOptions {
  scale: number;
  force?: boolean;
  /** Called as rows are written: table label, rows done, rows in total. */
  onProgress?: (label: string, done: number, total: number) => void;
  batchSize?: number;
  /** The end of the twelve months of history (default: now). */
  now?: Date;
  /** The access records' chain key: the history written is sealed with it (registros/selos.ts). */
  chave?: Buffer;
  /** The devices' password key (DEVICE_KEY): the simulated fleet is registered with its password sealed by it. */
  chaveDispositivos?: Buffer;
}

export interface DemoResult {
  counts: Record<DemoTable, number>;
  /** Active rows written (condominiums, units, residents, vehicles, providers; users with status ativo). */
  ativos: Record<DemoTable, number>;
  /** True when a previous demo run was found and replaced. */
  replaced: boolean;
  /** The gate history written: records (refusals among them), blocks, people inside now. */
  historico: HistoricoResult;
  /** The last month of parcels (written with `chave`, which their pickup codes need): parcels, still waiting, custody events. */
  encomendas: EncomendasResult;
  livro: LivroResult;
  /** A few demo users to sign in with: their group and how many condominiums they serve (null: all). */
  sampleUsers: { email: string; status: UserStatus; grupo: string; condominios: number | null }[];
  /** The simulator's fleet registered (with `chaveDispositivos`): how many devices, in which condominium. */
  dispositivos: { total: number; condominio: string } | null;
}

// ---------------------------------------------------------------------------------------------
// Deterministic pseudo-random numbers (mulberry32).
// ---------------------------------------------------------------------------------------------

export class Rng {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  digits(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += String(this.int(0, 9));
    return s;
  }
  letters(n: number): string {
    let s = "";
    for (let i = 0; i < n; i++) s += String.fromCharCode(65 + this.int(0, 25));
    return s;
  }
  uuid(): string {
    const hex = [...Array(32)].map(() => this.int(0, 15).toString(16));
    hex[12] = "4";
    hex[16] = ((this.int(0, 15) & 0x3) | 0x8).toString(16);
    const h = hex.join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }
  token(n: number): string {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[this.int(0, alphabet.length - 1)];
    return s;
  }
}

// ---------------------------------------------------------------------------------------------
// pt-BR vocabulary.
// ---------------------------------------------------------------------------------------------

const NOMES_M = [
  "João",
  "José",
  "Antônio",
  "Francisco",
  "Carlos",
  "Paulo",
  "Pedro",
  "Lucas",
  "Luiz",
  "Marcos",
  "Luís",
  "Gabriel",
  "Rafael",
  "Daniel",
  "Marcelo",
  "Bruno",
  "Eduardo",
  "Felipe",
  "Rodrigo",
  "Gustavo",
  "Fernando",
  "Fábio",
  "André",
  "Ricardo",
  "Thiago",
  "Leonardo",
  "Matheus",
  "Diego",
  "Vinícius",
  "Henrique",
  "Caio",
  "Otávio",
  "Sérgio",
  "Renato",
] as const;
const NOMES_F = [
  "Maria",
  "Ana",
  "Francisca",
  "Antônia",
  "Adriana",
  "Juliana",
  "Márcia",
  "Fernanda",
  "Patrícia",
  "Aline",
  "Camila",
  "Beatriz",
  "Larissa",
  "Letícia",
  "Gabriela",
  "Mariana",
  "Luciana",
  "Vanessa",
  "Cláudia",
  "Sandra",
  "Renata",
  "Débora",
  "Carolina",
  "Isabela",
  "Júlia",
  "Lívia",
  "Helena",
  "Alice",
  "Valentina",
  "Sofia",
  "Bianca",
  "Tatiane",
] as const;
const SOBRENOMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Santana",
  "Teixeira",
  "Araújo",
  "Pinto",
  "Correia",
  "Cavalcanti",
  "Monteiro",
  "Moura",
  "Batista",
] as const;

/** City, UF, area code (DDD) and the CEP range of its first five digits. */
const CIDADES: readonly [string, string, number, number, number][] = [
  ["São Paulo", "SP", 11, 1000, 5999],
  ["Campinas", "SP", 19, 13000, 13139],
  ["Santos", "SP", 13, 11000, 11099],
  ["Santo André", "SP", 11, 9000, 9299],
  ["Ribeirão Preto", "SP", 16, 14000, 14114],
  ["Rio de Janeiro", "RJ", 21, 20000, 23799],
  ["Niterói", "RJ", 21, 24000, 24399],
  ["Belo Horizonte", "MG", 31, 30000, 31999],
  ["Uberlândia", "MG", 34, 38400, 38415],
  ["Vitória", "ES", 27, 29000, 29099],
  ["Curitiba", "PR", 41, 80000, 82999],
  ["Londrina", "PR", 43, 86000, 86099],
  ["Florianópolis", "SC", 48, 88000, 88099],
  ["Joinville", "SC", 47, 89200, 89239],
  ["Porto Alegre", "RS", 51, 90000, 91999],
  ["Brasília", "DF", 61, 70000, 72799],
  ["Goiânia", "GO", 62, 74000, 74899],
  ["Campo Grande", "MS", 67, 79000, 79124],
  ["Cuiabá", "MT", 65, 78000, 78099],
  ["Salvador", "BA", 71, 40000, 42499],
  ["Recife", "PE", 81, 50000, 52999],
  ["Fortaleza", "CE", 85, 60000, 61599],
  ["Natal", "RN", 84, 59000, 59161],
  ["João Pessoa", "PB", 83, 58000, 58099],
  ["Maceió", "AL", 82, 57000, 57099],
  ["Aracaju", "SE", 79, 49000, 49099],
  ["Teresina", "PI", 86, 64000, 64099],
  ["São Luís", "MA", 98, 65000, 65099],
  ["Belém", "PA", 91, 66000, 66999],
  ["Manaus", "AM", 92, 69000, 69099],
  ["Palmas", "TO", 63, 77000, 77270],
  ["Porto Velho", "RO", 69, 76800, 76834],
  ["Macapá", "AP", 96, 68900, 68914],
  ["Boa Vista", "RR", 95, 69300, 69339],
  ["Rio Branco", "AC", 68, 69900, 69923],
];
const LOGRADOUROS = ["Rua", "Rua", "Rua", "Avenida", "Avenida", "Alameda", "Travessa", "Praça"] as const;
const RUAS = [
  "das Flores",
  "dos Ipês",
  "Sete de Setembro",
  "XV de Novembro",
  "Tiradentes",
  "Santos Dumont",
  "Rui Barbosa",
  "Dom Pedro II",
  "Getúlio Vargas",
  "Marechal Deodoro",
  "Castro Alves",
  "Machado de Assis",
  "Monteiro Lobato",
  "das Palmeiras",
  "dos Andradas",
  "Brasil",
  "Paulista",
  "Atlântica",
  "Independência",
  "da Liberdade",
  "Presidente Vargas",
  "José Bonifácio",
  "Cecília Meireles",
  "Carlos Gomes",
  "Anita Garibaldi",
  "Barão do Rio Branco",
  "das Acácias",
  "dos Girassóis",
  "Vinte e Um de Abril",
  "Oswaldo Cruz",
  "Cândido Portinari",
  "Chico Mendes",
] as const;
const BAIRROS = [
  "Centro",
  "Jardim América",
  "Vila Nova",
  "Boa Vista",
  "Santa Cecília",
  "Bela Vista",
  "Jardim Paulista",
  "Vila Mariana",
  "Copacabana",
  "Savassi",
  "Batel",
  "Moinhos de Vento",
  "Pituba",
  "Boa Viagem",
  "Aldeota",
  "Jardim Botânico",
  "Alto da Glória",
  "Parque das Nações",
  "Vila Madalena",
  "Campo Belo",
] as const;
const PREFIXOS_COND = ["Residencial", "Condomínio", "Edifício", "Condomínio Residencial", "Residencial Parque"] as const;
const NOMES_COND = [
  "Jardim das Flores",
  "Parque das Águas",
  "Solar dos Ipês",
  "Vista Alegre",
  "Bosque dos Pássaros",
  "Villa Bella",
  "Recanto Verde",
  "Morada do Sol",
  "Portal da Serra",
  "Terra Nova",
  "Vale Verde",
  "Costa Azul",
  "Mirante do Lago",
  "Jardim Europa",
  "Bela Vista",
  "Quinta das Palmeiras",
  "Alto da Boa Vista",
  "Primavera",
  "Horizonte",
  "Águas Claras",
  "Monte Verde",
  "Reserva do Parque",
  "Ilha Bela",
  "Jardim Botânico",
  "Varandas do Rio",
  "Sítio das Araucárias",
  "Encosta do Mar",
  "Praça dos Girassóis",
  "Torres do Atlântico",
  "Cidade Jardim",
] as const;
const TIPOS_SERVICO = [
  "Elétrica",
  "Hidráulica",
  "Jardinagem",
  "Limpeza",
  "Dedetização",
  "Manutenção de elevadores",
  "Pintura",
  "Portão eletrônico",
  "CFTV e alarmes",
  "Internet e TV",
  "Mudanças",
  "Entregas",
  "Marcenaria",
  "Serralheria",
  "Piscina",
  "Ar-condicionado",
  "Gás",
  "Chaveiro",
  "Vidraçaria",
  "Impermeabilização",
] as const;
const SUFIXOS_EMPRESA = ["Ltda", "ME", "Serviços Ltda", "Soluções", "& Filhos", "EIRELI", "Comércio e Serviços"] as const;
const CARROS: readonly [string, string][] = [
  ["Volkswagen", "Gol"],
  ["Volkswagen", "Polo"],
  ["Volkswagen", "T-Cross"],
  ["Fiat", "Uno"],
  ["Fiat", "Argo"],
  ["Fiat", "Strada"],
  ["Fiat", "Mobi"],
  ["Chevrolet", "Onix"],
  ["Chevrolet", "Tracker"],
  ["Chevrolet", "Spin"],
  ["Hyundai", "HB20"],
  ["Hyundai", "Creta"],
  ["Toyota", "Corolla"],
  ["Toyota", "Yaris"],
  ["Toyota", "Hilux"],
  ["Honda", "Civic"],
  ["Honda", "HR-V"],
  ["Renault", "Kwid"],
  ["Renault", "Sandero"],
  ["Jeep", "Renegade"],
  ["Jeep", "Compass"],
  ["Nissan", "Kicks"],
  ["Ford", "Ka"],
  ["Ford", "Ranger"],
  ["BYD", "Dolphin"],
];
const MOTOS: readonly [string, string][] = [
  ["Honda", "CG 160"],
  ["Honda", "Biz 125"],
  ["Honda", "CB 300F"],
  ["Yamaha", "Fazer 250"],
  ["Yamaha", "Factor 150"],
  ["Yamaha", "NMax 160"],
  ["Suzuki", "Burgman"],
  ["BMW", "G 310 R"],
];
const OUTROS_VEICULOS: readonly [string, string][] = [
  ["Fiat", "Ducato"],
  ["Renault", "Master"],
  ["Mercedes-Benz", "Sprinter"],
];
const CORES = ["Branco", "Preto", "Prata", "Cinza", "Vermelho", "Azul", "Marrom", "Verde", "Bege", "Amarelo"] as const;
const OBS_MORADOR = ["Possui animal de estimação", "Prefere contato por WhatsApp", "Autoriza entregas na portaria", "Cadeirante"] as const;

/**
 * The condominiums a demo user serves, by group (gatehouse-spec §2): a porteiro or a zelador works
 * at one condominium, a síndico at one to three; the security company's own staff serve all.
 */
function demoScope(grupo: string, rng: Rng, condominios: readonly string[]): "todos" | string[] {
  const take = (n: number) => [...new Set(Array.from({ length: n }, () => rng.pick(condominios)))];
  if (!condominios.length) return "todos";
  if (grupo === "Porteiros" || grupo === "Zeladoria") return take(1);
  if (grupo === "Síndicos") return take(rng.int(1, 3));
  return "todos";
}

/** Ten demo groups and their permissions (the Administrador group is the regular seed's). */
export const DEMO_GROUPS: readonly { nome: string; descricao: string; permissoes: readonly PermissionName[] }[] = [
  {
    nome: "Porteiros",
    descricao: "Portaria: registro de visitantes e consulta de cadastros",
    permissoes: [
      "registrar_acesso_visitante",
      "visualizar_registros_acesso",
      "visualizar_condominios",
      "visualizar_unidades",
      "visualizar_veiculos",
      "visualizar_prestadores_servico",
      // Opening doors from the console, parcels, the shift book (gate-operation-spec §6).
      "acionar_dispositivos",
      "gerenciar_encomendas",
      "registrar_ocorrencias",
    ],
  },
  {
    nome: "Supervisores de Portaria",
    descricao: "Supervisão das portarias e dos cadastros de moradores e veículos",
    permissoes: [
      "registrar_acesso_visitante",
      "visualizar_registros_acesso",
      "visualizar_condominios",
      "visualizar_unidades",
      "visualizar_veiculos",
      "visualizar_prestadores_servico",
      "gerenciar_moradores_unidade",
      "gerenciar_veiculos_morador",
    ],
  },
  {
    nome: "Síndicos",
    descricao: "Síndicos e subsíndicos dos condomínios atendidos",
    permissoes: [
      // Pre-authorising visitors (gatehouse-spec §1: the síndico's; §4: Visitantes' permission).
      "registrar_acesso_visitante",
      "visualizar_condominios",
      "editar_condominios",
      "visualizar_unidades",
      "editar_unidades",
      "gerenciar_moradores_unidade",
      "gerenciar_veiculos_morador",
      "visualizar_veiculos",
      "visualizar_prestadores_servico",
      "criar_prestadores_servico",
      "editar_prestadores_servico",
      "visualizar_registros_acesso",
      // The blocklist is the síndico's to keep (gatehouse-spec §1, §6).
      "gerenciar_bloqueios_acesso",
      // The parcels of his condominiums and the book's entries meant for him (gate-operation-spec §1).
      "visualizar_encomendas",
      "visualizar_ocorrencias",
    ],
  },
  {
    nome: "Zeladoria",
    descricao: "Zeladores e equipe de manutenção",
    permissoes: ["visualizar_condominios", "visualizar_unidades", "visualizar_veiculos", "visualizar_prestadores_servico"],
  },
  {
    nome: "Administradora de Condomínios",
    descricao: "Cadastro de condomínios e unidades",
    permissoes: [
      "visualizar_condominios",
      "criar_condominios",
      "editar_condominios",
      "excluir_condominios",
      "visualizar_unidades",
      "criar_unidades",
      "editar_unidades",
      "excluir_unidades",
    ],
  },
  {
    nome: "Cadastro de Moradores",
    descricao: "Atualização de moradores e veículos",
    permissoes: ["visualizar_condominios", "visualizar_unidades", "gerenciar_moradores_unidade", "gerenciar_veiculos_morador", "visualizar_veiculos"],
  },
  {
    nome: "Central de Monitoramento",
    descricao: "Operadores da central de monitoramento remoto",
    permissoes: [
      "registrar_acesso_visitante",
      "visualizar_registros_acesso",
      "visualizar_condominios",
      "visualizar_unidades",
      "visualizar_veiculos",
      // The remote operator opens the gate, keeps the parcels and the book (gate-operation-spec §1).
      "acionar_dispositivos",
      "gerenciar_encomendas",
      "registrar_ocorrencias",
    ],
  },
  {
    nome: "Gestão de Prestadores",
    descricao: "Autorização de prestadores de serviço",
    permissoes: [
      "visualizar_condominios",
      "visualizar_prestadores_servico",
      "criar_prestadores_servico",
      "editar_prestadores_servico",
      "excluir_prestadores_servico",
    ],
  },
  {
    nome: "Atendimento",
    descricao: "Atendimento aos condomínios (somente consulta)",
    permissoes: ["visualizar_condominios", "visualizar_unidades", "visualizar_veiculos", "visualizar_prestadores_servico", "visualizar_registros_acesso"],
  },
  {
    nome: "Gestores de Acesso",
    descricao: "Cadastro de usuários e grupos do Portaria Web",
    permissoes: ["visualizar_condominios", "gerenciar_usuarios_portaria", "gerenciar_grupos_permissoes"],
  },
];

// ---------------------------------------------------------------------------------------------
// Generators.
// ---------------------------------------------------------------------------------------------

const slug = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");

function cpf(rng: Rng): string {
  for (;;) {
    const base = rng.digits(9);
    if (!/^(\d)\1{8}$/.test(base)) return cpfWithCheckDigits(base);
  }
}

/** Mostly numeric CNPJs (root + 0001), a share in the alphanumeric format. */
function cnpj(rng: Rng): string {
  const alnum = rng.chance(0.15);
  const chars = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
  const root = alnum ? [...Array(8)].map(() => chars[rng.int(0, 35)]).join("") : rng.digits(8);
  const branch = alnum && rng.chance(0.5) ? [...Array(4)].map(() => chars[rng.int(0, 35)]).join("") : `000${rng.int(1, 3)}`;
  const base = root + branch;
  return /^(\d)\1{11}$/.test(base) ? cnpj(rng) : cnpjWithCheckDigits(base);
}

/**
 * A value `make` has not given before (remembered in `seen`, compared by `key`): the demo keeps the
 * unique rules of the database (issue 14: condominium names and CNPJs, a CPF per unit, a plate per
 * condominium) however large its scale. A repeat is rare, so this costs one Set lookup per value.
 */
function fresh<T>(seen: Set<string>, make: () => T, key: (value: T) => string = String): T {
  for (;;) {
    const value = make();
    if (!seen.has(key(value))) {
      seen.add(key(value));
      return value;
    }
  }
}

/** A condominium name as condominios_nome_unique compares it: case and spaces aside. */
const nomeKey = (nome: string) => nome.trim().replace(/\s+/g, " ").toLowerCase();

/** The n-th condominium given the name `base` (from 0): base, base II, base III... */
const ordinalName = (base: string, n: number) => (n ? `${base} ${["II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"][n - 1] ?? `${n + 1}`}` : base);

/** Old format (ABC1234) or Mercosul (ABC1D23), stored without hyphen. */
function placa(rng: Rng, mercosul: boolean): string {
  return `${rng.letters(3)}${rng.int(0, 9)}${mercosul ? rng.letters(1) : rng.int(0, 9)}${rng.digits(2)}`;
}

const celular = (rng: Rng, ddd: number) => `(${ddd}) 9${rng.int(6, 9)}${rng.digits(3)}-${rng.digits(4)}`;
const fixo = (rng: Rng, ddd: number) => `(${ddd}) ${rng.int(2, 5)}${rng.digits(3)}-${rng.digits(4)}`;
const rg = (rng: Rng) => `${rng.digits(2)}.${rng.digits(3)}.${rng.digits(3)}-${rng.pick(["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "X"])}`;

function isoDate(rng: Rng, fromYear: number, toYear: number): string {
  const y = rng.int(fromYear, toYear);
  const m = rng.int(1, 12);
  const d = rng.int(1, 28);
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}
function addDays(iso: string, days: number): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function pessoa(rng: Rng, sobrenome?: string) {
  const feminino = rng.chance(0.52);
  const nome = rng.pick(feminino ? NOMES_F : NOMES_M);
  const meio = rng.chance(0.5) ? ` ${rng.pick(SOBRENOMES)}` : "";
  const ultimo = sobrenome ?? rng.pick(SOBRENOMES);
  return { nome: `${nome}${meio} ${ultimo}`, primeiro: nome, ultimo };
}

// ---------------------------------------------------------------------------------------------
// Refusal rule and removal of a previous demo run.
// ---------------------------------------------------------------------------------------------

/** Rows that were not written by the demo (condominiums and providers; units, residents and vehicles belong to a condominium). */
export async function countNonDemoRows(db: Db): Promise<number> {
  const notDemo = (column: typeof condominios.email | typeof prestadores.email) => or(isNull(column), notLike(column, DEMO_LIKE));
  const [[c], [p]] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(condominios)
      .where(notDemo(condominios.email)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(prestadores)
      .where(notDemo(prestadores.email)),
  ]);
  return c!.n + p!.n;
}

export async function demoMarker(db: Db): Promise<string | null> {
  const [row] = await db.select().from(portalSettings).where(eq(portalSettings.key, DEMO_MARKER_KEY));
  return row?.value ?? null;
}

async function removeDemo(tx: Db): Promise<void> {
  const demoCondos = tx.select({ id: condominios.id }).from(condominios).where(like(condominios.email, DEMO_LIKE));
  const demoUnits = tx.select({ id: unidades.id }).from(unidades).where(inArray(unidades.condominio_id, demoCondos));
  await tx.delete(veiculos).where(inArray(veiculos.unidade_id, demoUnits));
  await tx.delete(moradores).where(inArray(moradores.unidade_id, demoUnits));
  await tx.delete(unidades).where(inArray(unidades.condominio_id, demoCondos));
  await tx.delete(prestadores).where(or(like(prestadores.email, DEMO_LIKE), inArray(prestadores.condominio_id, demoCondos)));
  await tx.delete(condominios).where(like(condominios.email, DEMO_LIKE));
  // Cascades to account, session, portaria_web_usuarios and their group memberships.
  await tx.delete(user).where(like(user.email, `%@${DEMO_DOMAIN}`));
  await tx.delete(grupos).where(like(grupos.descricao, `%${DEMO_GROUP_NOTE}`));
}

// ---------------------------------------------------------------------------------------------
// The seed.
// ---------------------------------------------------------------------------------------------

/**
 * Writes the demo data in one transaction, replacing a previous demo run. Refuses (DemoRefusedError)
 * when the database holds condominiums or providers that are not demo data, unless `force`.
 * The permission catalogue must exist (run the regular `seed` first).
 */
export async function seedDemo(db: Db, auth: Auth, options: DemoOptions): Promise<DemoResult> {
  const { scale, force = false, onProgress = () => undefined, batchSize = 1000 } = options;
  if (!Number.isFinite(scale) || scale <= 0 || scale > 100) throw new DemoRefusedError("A escala precisa ser um número maior que 0 (e até 100).");

  const foreign = await countNonDemoRows(db);
  if (foreign > 0 && !force) {
    throw new DemoRefusedError(
      `O banco já tem ${foreign} condomínio(s) ou prestador(es) que não são dados de demonstração. ` +
        "Para não misturar dados reais com dados fictícios, nada foi gravado. " +
        "Use um banco vazio ou rode de novo com --force para acrescentar os dados de demonstração mesmo assim.",
    );
  }
  // Access records cannot be deleted (migration 0014). The demo's own history (operador_nome
  // 'Demonstração') is replaced; a record anyone else made in a demo condominium stops the seed.
  const foreignRecords = await countForeignRegistros(db, DEMO_LIKE);
  if (foreignRecords > 0) {
    throw new DemoRefusedError(
      `Os condomínios de demonstração já têm ${foreignRecords} registro(s) de acesso que não foram gerados pela demonstração, ` +
        "e registros de acesso não podem ser alterados nem apagados. " +
        "Nada foi gravado. Para gerar os dados de demonstração de novo, use um banco novo (outro DATA_DIR ou DATABASE_URL).",
    );
  }
  const replaced =
    (await demoMarker(db)) !== null ||
    (await db.select({ id: condominios.id }).from(condominios).where(like(condominios.email, DEMO_LIKE)).limit(1)).length > 0;

  const counts = demoCounts(scale);
  const ativos: Record<DemoTable, number> = { condominios: 0, unidades: 0, moradores: 0, veiculos: 0, prestadores: 0, usuarios: 0 };
  const rng = new Rng(20_260_521);
  const passwordHash = await (await auth.$context).password.hash(DEMO_PASSWORD);
  const sampleUsers: DemoResult["sampleUsers"] = [];
  let simulados: DemoResult["dispositivos"] = null;
  let historico: HistoricoResult = { registros: 0, negados: 0, bloqueios: 0, presencas: 0, autorizacoes: 0 };
  let encomendasEscritas: EncomendasResult = { encomendas: 0, aguardando: 0, eventos: 0 };
  let livroEscrito: LivroResult = { turnos: 0, ocorrencias: 0, emAberto: 0, assinaturas: 0 };

  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (replaced) {
      onProgress("removendo demo anterior", 0, 1);
      await removeHistorico(tx, DEMO_LIKE);
      await removeEncomendas(tx, DEMO_LIKE);
      await removeLivro(tx, DEMO_LIKE);
      await removeDemo(tx);
      onProgress("removendo demo anterior", 1, 1);
    }

    async function insertAll<T>(label: string, table: Parameters<Db["insert"]>[0], total: number, make: (i: number) => T) {
      let batch: T[] = [];
      onProgress(label, 0, total);
      for (let i = 0; i < total; i++) {
        batch.push(make(i));
        if (batch.length === batchSize || i === total - 1) {
          await tx.insert(table).values(batch as never);
          batch = [];
          onProgress(label, i + 1, total);
        }
      }
    }

    // Condominiums.
    const condos: { id: string; ativo: boolean; cidade: (typeof CIDADES)[number]; casas: boolean; nome: string }[] = [];
    const usedNames = new Map<string, number>();
    const takenNames = new Set<string>();
    const cnpjs = new Set<string>();
    await insertAll("condomínios", condominios, counts.condominios, (i) => {
      const cidade = rng.pick(CIDADES);
      const base = `${rng.pick(PREFIXOS_COND)} ${rng.pick(NOMES_COND)}`;
      // The second "Residencial Aurora" is "Residencial Aurora II", and so on.
      let seen = usedNames.get(base) ?? 0;
      const nome = fresh(takenNames, () => ordinalName(base, seen++), nomeKey);
      usedNames.set(base, seen);
      const ativo = i % 20 !== 19;
      const sindico = pessoa(rng);
      const condo = { id: rng.uuid(), ativo, cidade, casas: rng.chance(0.15), nome };
      condos.push(condo);
      if (ativo) ativos.condominios++;
      const cep = String(rng.int(cidade[3], cidade[4])).padStart(5, "0") + rng.digits(3);
      return {
        id: condo.id,
        nome,
        cnpj: fresh(cnpjs, () => cnpj(rng)),
        endereco: `${rng.pick(LOGRADOUROS)} ${rng.pick(RUAS)}, ${rng.int(10, 3500)} - ${rng.pick(BAIRROS)}`,
        cidade: cidade[0],
        estado: cidade[1],
        cep,
        telefone: fixo(rng, cidade[2]),
        email: `contato@${slug(nome)}.${i + 1}.${DEMO_DOMAIN}`,
        sindico_nome: sindico.nome,
        sindico_contato: celular(rng, cidade[2]),
        ativo,
      };
    });

    // Units: spread evenly over the condominiums; blocks A, B, C... of floors x units per floor, or houses.
    const units: { id: string; ativo: boolean; condo: (typeof condos)[number]; ocupada: boolean }[] = [];
    const perCondo = (c: number) => Math.floor(((c + 1) * counts.unidades) / condos.length) - Math.floor((c * counts.unidades) / condos.length);
    const layouts = condos.map(() => ({ andares: rng.int(4, 20), porAndar: rng.int(2, 8) }));
    let condoIndex = 0;
    let inCondo = 0;
    await insertAll("unidades", unidades, counts.unidades, () => {
      while (inCondo >= perCondo(condoIndex)) {
        condoIndex++;
        inCondo = 0;
      }
      const condo = condos[condoIndex]!;
      const k = inCondo++;
      const ativo = rng.chance(0.97);
      const ocupada = rng.chance(0.9);
      const id = rng.uuid();
      units.push({ id, ativo, condo, ocupada });
      if (ativo) ativos.unidades++;
      if (condo.casas) {
        return { id, condominio_id: condo.id, bloco: null, numero_unidade: String(k + 1), andar: null, tipo_unidade: "Casa", ativo, observacoes: null };
      }
      const { andares, porAndar } = layouts[condoIndex]!;
      const porBloco = andares * porAndar;
      const bloco = String.fromCharCode(65 + (Math.floor(k / porBloco) % 26)) + (k >= porBloco * 26 ? String(Math.floor(k / (porBloco * 26)) + 1) : "");
      const andar = Math.floor((k % porBloco) / porAndar) + 1;
      const numero = `${andar}${String((k % porAndar) + 1).padStart(2, "0")}`;
      return {
        id,
        condominio_id: condo.id,
        bloco: `Bloco ${bloco}`,
        numero_unidade: numero,
        andar: String(andar),
        tipo_unidade: andar === andares ? "Cobertura" : "Apartamento",
        ativo,
        observacoes: rng.chance(0.05) ? "Unidade com vaga de garagem extra" : null,
      };
    });

    // Residents: spread over the occupied units (all units when none is), a family per unit.
    const occupied = units.filter((u) => u.ocupada);
    const homes = occupied.length ? occupied : units;
    const residents: (HistoricoMorador & { ddd: number })[] = [];
    let family = "";
    let lastUnit = -1;
    let unitCpfs = new Set<string>();
    await insertAll("moradores", moradores, counts.moradores, (j) => {
      const unitIndex = Math.floor((j * homes.length) / counts.moradores);
      const unit = homes[unitIndex]!;
      const first = unitIndex !== lastUnit;
      if (first) {
        family = rng.pick(SOBRENOMES);
        unitCpfs = new Set();
      }
      lastUnit = unitIndex;
      const p = pessoa(rng, family);
      const tipo = first
        ? rng.chance(0.7)
          ? "proprietario"
          : "inquilino"
        : rng.chance(0.75)
          ? "dependente"
          : rng.pick(["proprietario", "inquilino", "outro"] as const);
      const crianca = tipo === "dependente" && rng.chance(0.6);
      const ativo = unit.ativo ? rng.chance(0.95) : false;
      const id = rng.uuid();
      const ddd = unit.condo.cidade[2];
      const documento = crianca && rng.chance(0.5) ? null : fresh(unitCpfs, () => cpf(rng));
      residents.push({ id, unitId: unit.id, condoId: unit.condo.id, nome: p.nome, cpf: documento, placa: null, ativo, adulto: !crianca, ddd });
      if (ativo) ativos.moradores++;
      return {
        id,
        unidade_id: unit.id,
        nome_completo: p.nome,
        cpf: documento,
        rg: rng.chance(0.7) ? rg(rng) : null,
        data_nascimento: crianca ? isoDate(rng, 2008, 2024) : isoDate(rng, 1945, 2006),
        email: crianca ? null : rng.chance(0.7) ? `${slug(p.primeiro)}.${slug(p.ultimo)}.${j + 1}@${DEMO_DOMAIN}` : null,
        telefone_celular: crianca ? null : rng.chance(0.85) ? celular(rng, ddd) : null,
        tipo_morador: tipo,
        ativo,
        observacoes: rng.chance(0.04) ? rng.pick(OBS_MORADOR) : null,
      };
    });

    // Vehicles: spread over the residents (adults first choice); both plate formats.
    const drivers = residents.filter((r) => r.adulto);
    const owners = drivers.length ? drivers : residents;
    // Plates unique across the whole demo, hence in each condominium.
    const plates = new Set<string>();
    await insertAll("veículos", veiculos, counts.veiculos, (k) => {
      const owner = owners[Math.floor((k * owners.length) / counts.veiculos)]!;
      const roll = rng.next();
      const tipo = roll < 0.82 ? "carro" : roll < 0.97 ? "moto" : "outro";
      const [marca, modelo] = rng.pick(tipo === "carro" ? CARROS : tipo === "moto" ? MOTOS : OUTROS_VEICULOS);
      const ativo = owner.ativo ? rng.chance(0.95) : false;
      if (ativo) ativos.veiculos++;
      const id = rng.uuid();
      const plate = fresh(plates, () => placa(rng, k % 2 === 1 ? true : rng.chance(0.2)));
      if (ativo && !owner.placa) owner.placa = plate;
      return {
        id,
        morador_id: owner.id,
        unidade_id: owner.unitId,
        placa: plate,
        marca,
        modelo,
        cor: rng.pick(CORES),
        tipo_veiculo: tipo,
        ativo,
        observacoes: rng.chance(0.03) ? "Vaga coberta" : null,
      };
    });

    // Service providers: companies (CNPJ) and self-employed professionals (CPF).
    const providers: HistoricoPrestador[] = [];
    await insertAll("prestadores", prestadores, counts.prestadores, (i) => {
      const servico = rng.pick(TIPOS_SERVICO);
      const empresa = rng.chance(0.6);
      const p = pessoa(rng);
      const nome = empresa ? `${p.ultimo} ${servico} ${rng.pick(SUFIXOS_EMPRESA)}` : p.nome;
      const condo = rng.chance(0.85) ? rng.pick(condos) : null;
      const inicio = rng.chance(0.9) ? isoDate(rng, 2023, 2026) : null;
      const fim = inicio && rng.chance(0.7) ? addDays(inicio, rng.int(30, 730)) : null;
      const ativo = rng.chance(0.9);
      if (ativo) ativos.prestadores++;
      const ddd = (condo?.cidade ?? rng.pick(CIDADES))[2];
      const id = rng.uuid();
      const documento = empresa ? cnpj(rng) : cpf(rng);
      providers.push({ id, nome, documento, condoId: condo?.id ?? null, inicio, fim, ativo });
      return {
        id,
        nome_empresa_profissional: nome,
        cnpj_cpf: documento,
        telefone: empresa ? fixo(rng, ddd) : celular(rng, ddd),
        email: empresa ? `contato@${slug(nome)}.${i + 1}.${DEMO_DOMAIN}` : `${slug(p.primeiro)}.${slug(p.ultimo)}.p${i + 1}@${DEMO_DOMAIN}`,
        tipo_servico: servico,
        data_inicio_autorizacao: inicio,
        data_fim_autorizacao: fim,
        condominio_id: condo?.id ?? null,
        observacoes: rng.chance(0.05) ? "Acesso somente em horário comercial" : null,
        ativo,
      };
    });

    // Groups and their permissions.
    onProgress("grupos", 0, DEMO_GROUPS.length);
    const catalogue = await tx.select({ id: permissoes.id, nome: permissoes.nome_permissao }).from(permissoes);
    const permissionId = new Map(catalogue.map((p) => [p.nome, p.id]));
    const missing = PERMISSIONS.filter((p) => !permissionId.has(p.nome_permissao));
    if (missing.length) throw new Error("O catálogo de permissões não foi semeado (rode o seed normal antes).");
    const groupIds: string[] = [];
    for (const g of DEMO_GROUPS) {
      const id = rng.uuid();
      const created = await tx
        .insert(grupos)
        .values({ id, nome_grupo: g.nome, descricao: `${g.descricao}${DEMO_GROUP_NOTE}` })
        .onConflictDoNothing()
        .returning({ id: grupos.id });
      if (created.length) {
        await tx.insert(grupoPermissoes).values(g.permissoes.map((p) => ({ grupo_id: id, permissao_id: permissionId.get(p)! })));
        groupIds.push(id);
      } else {
        // A group of that name already exists (a real one): the demo users join it, its permissions stay.
        const [existing] = await tx
          .select({ id: grupos.id })
          .from(grupos)
          .where(sql`lower(${grupos.nome_grupo}) = lower(${g.nome})`);
        groupIds.push(existing!.id);
      }
    }
    onProgress("grupos", DEMO_GROUPS.length, DEMO_GROUPS.length);

    // Users: auth user + credential account (one shared password hash) + Portaria Web profile.
    const activeCondos = condos.filter((c) => c.ativo).map((c) => c.id);
    const people = [...Array(counts.usuarios)].map((_, i) => {
      const p = pessoa(rng);
      const roll = rng.next();
      const status: UserStatus =
        i < DEMO_GROUPS.length ? "ativo" : roll < 0.85 ? "ativo" : roll < 0.93 ? "inativo" : roll < 0.98 ? "pendente_confirmacao" : "bloqueado";
      return {
        authId: rng.token(32),
        accountId: rng.token(32),
        id: rng.uuid(),
        nome: p.nome,
        email: `${slug(p.primeiro)}.${slug(p.ultimo)}.${i + 1}@${DEMO_DOMAIN}`,
        cpf: cpf(rng),
        telefone: celular(rng, rng.pick(CIDADES)[2]),
        status,
        grupo: groupIds[i % groupIds.length]!,
        grupoNome: DEMO_GROUPS[i % DEMO_GROUPS.length]!.nome,
        condominios: demoScope(DEMO_GROUPS[i % DEMO_GROUPS.length]!.nome, rng, activeCondos),
      };
    });
    for (const p of people) {
      if (p.status === "ativo") ativos.usuarios++;
      if (sampleUsers.length < 3 || (p.status !== "ativo" && sampleUsers.every((s) => s.status !== p.status)))
        sampleUsers.push({ email: p.email, status: p.status, grupo: p.grupoNome, condominios: p.condominios === "todos" ? null : p.condominios.length });
    }
    await insertAll("usuários", user, people.length, (i) => ({ id: people[i]!.authId, name: people[i]!.nome, email: people[i]!.email, emailVerified: true }));
    await insertAll("contas", account, people.length, (i) => ({
      id: people[i]!.accountId,
      accountId: people[i]!.authId,
      providerId: "credential",
      userId: people[i]!.authId,
      password: passwordHash,
    }));
    await insertAll("perfis", usuarios, people.length, (i) => {
      const p = people[i]!;
      return {
        id: p.id,
        auth_user_id: p.authId,
        nome_completo: p.nome,
        email: p.email,
        telefone_celular: p.telefone,
        cpf: p.cpf,
        status: p.status,
        primeiro_acesso_concluido: p.status !== "pendente_confirmacao",
        acesso_todos_condominios: p.condominios === "todos",
      };
    });
    await insertAll("membros dos grupos", usuarioGrupos, people.length, (i) => ({ usuario_id: people[i]!.id, grupo_id: people[i]!.grupo }));
    const served = people.flatMap((p) => (p.condominios === "todos" ? [] : p.condominios.map((condominio_id) => ({ usuario_id: p.id, condominio_id }))));
    await insertAll("condomínios atendidos", usuarioCondominios, served.length, (i) => served[i]!);

    // Visitors' pre-authorisations are created by an active demo síndico of their condominium;
    // where there is none, by the central (an active user serving all, who may register them).
    const criadores = new Map<string, string>();
    for (const p of people) {
      if (p.grupoNome !== "Síndicos" || p.status !== "ativo" || p.condominios === "todos") continue;
      for (const c of p.condominios) if (!criadores.has(c)) criadores.set(c, p.id);
    }
    const central = people.find(
      (p) =>
        p.status === "ativo" && p.condominios === "todos" && DEMO_GROUPS.find((g) => g.nome === p.grupoNome)!.permissoes.includes("registrar_acesso_visitante"),
    );
    let visitorEmails = 0;

    // Twelve months of gate history (its own random sequence: the rows above stay as they were).
    const hrng = new Rng(20_261_125);
    historico = await seedHistorico(tx, {
      total: demoRegistros(scale),
      condos,
      unidades: units.map((u) => ({ id: u.id, condoId: u.condo.id })),
      moradores: residents,
      prestadores: providers,
      rng: hrng,
      pessoa: () => pessoa(hrng).nome,
      cpf: () => cpf(hrng),
      placa: () => placa(hrng, hrng.chance(0.5)),
      telefone: () => celular(hrng, hrng.pick(CIDADES)[2]),
      email: (nome) => `${slug(nome)}.v${++visitorEmails}@${DEMO_DOMAIN}`,
      criadores,
      criadorGeral: central?.id ?? null,
      now: options.now ?? new Date(),
      batchSize: Math.max(batchSize, 5000),
      onProgress,
    });
    // The demo's history is the portal's own import: sealed at each chain's head, as a batch.
    if (options.chave)
      await selarCabecas(
        tx,
        options.chave,
        condos.map((c) => c.id),
      );

    // The last month of parcels (their own random sequence: the rows above stay as they were).
    if (options.chave) {
      const erng = new Rng(20_261_129);
      encomendasEscritas = await seedEncomendas(tx, {
        condos,
        unidades: units.map((u) => ({ id: u.id, condoId: u.condo.id, ativo: u.ativo })),
        moradores: residents,
        rng: erng,
        pessoa: (sobrenome) => pessoa(erng, sobrenome).nome,
        cpf: () => cpf(erng),
        chave: options.chave,
        now: options.now ?? new Date(),
        batchSize: Math.max(batchSize, 2000),
        onProgress,
      });
    }

    // The last month of the shift book, and some síndicos' daily summary (its own random sequence).
    livroEscrito = await seedLivro(tx, {
      condos,
      unidades: units.map((u) => ({ id: u.id, condoId: u.condo.id, ativo: u.ativo })),
      usuarios: people.map((p) => ({ ...p, permissoes: DEMO_GROUPS.find((g) => g.nome === p.grupoNome)!.permissoes })),
      rng: new Rng(20_261_130),
      now: options.now ?? new Date(),
      batchSize: Math.max(batchSize, 2000),
      onProgress,
    });

    // The simulator's fleet (`npm run simulador`) in the first active condominium: the whole loop
    // — 'Testar conexão', 'Abrir', the events — can be seen without hardware (gate-operation-spec §2.6).
    const primeiro = condos.find((c) => c.ativo);
    if (primeiro && options.chaveDispositivos) {
      const cofre = cofreDeSenhas(options.chaveDispositivos);
      onProgress("dispositivos simulados", 0, 1);
      await tx.insert(dispositivos).values(
        frotaPadrao().map(({ dispositivo, deslocamento, portas }) => {
          const id = rng.uuid();
          const o = dispositivo.opcoes;
          return {
            id,
            condominio_id: primeiro.id,
            nome: `${portas[0]!.nome.replace(/ \(entrada\)$/, "")} (simulador)`,
            fabricante: o.fabricante,
            modelo: o.modelo,
            conexao: "direta" as const,
            endereco: `http://127.0.0.1:${PORTA_DO_SIMULADOR + deslocamento}`,
            usuario: CREDENCIAIS_DA_FROTA.usuario,
            senha: cofre.cifrar(id, CREDENCIAIS_DA_FROTA.senha),
            token_integracao: randomBytes(32).toString("base64url"),
            portas,
            sensor_porta: o.sensorPorta,
          };
        }),
      );
      onProgress("dispositivos simulados", 1, 1);
      simulados = { total: frotaPadrao().length, condominio: primeiro.nome };
    }

    await tx
      .insert(portalSettings)
      .values({ key: DEMO_MARKER_KEY, value: String(scale) })
      .onConflictDoUpdate({ target: portalSettings.key, set: { value: String(scale), created_at: new Date() } });
  });

  return { counts, ativos, replaced, historico, encomendas: encomendasEscritas, livro: livroEscrito, sampleUsers, dispositivos: simulados };
}
