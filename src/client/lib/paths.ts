/**
 * The app's paths, in one place: links, redirects and the menu read them here, and
 * src/client/routes.ts declares the same URLs (a renamed page is renamed once, here and there).
 */
const PORTARIA = "/portaria-web";
const id = (value: string) => encodeURIComponent(value);

export const PATHS = {
  login: "/login",
  painel: PORTARIA,
  alterarSenha: `${PORTARIA}/alterar-senha`,
  configuracoes: `${PORTARIA}/configuracoes`,
  controleAcesso: `${PORTARIA}/controle-acesso`,
  visitantes: `${PORTARIA}/visitantes`,
  visitanteNova: `${PORTARIA}/visitantes/nova`,
  visitante: (autorizacaoId: string) => `${PORTARIA}/visitantes/${id(autorizacaoId)}`,
  registros: `${PORTARIA}/registros`,
  condominios: `${PORTARIA}/condominios`,
  condominioNovo: `${PORTARIA}/condominios/novo`,
  condominio: (condominioId: string) => `${PORTARIA}/condominios/editar/${id(condominioId)}`,
  unidades: `${PORTARIA}/unidades`,
  unidadeNova: `${PORTARIA}/unidades/novo`,
  unidade: (unidadeId: string) => `${PORTARIA}/unidades/editar/${id(unidadeId)}`,
  moradores: `${PORTARIA}/moradores`,
  veiculos: `${PORTARIA}/veiculos`,
  prestadores: `${PORTARIA}/prestadores`,
  prestadorNovo: `${PORTARIA}/prestadores/novo`,
  prestador: (prestadorId: string) => `${PORTARIA}/prestadores/editar/${id(prestadorId)}`,
  usuarios: `${PORTARIA}/admin/usuarios`,
  usuarioNovo: `${PORTARIA}/admin/usuarios/novo`,
  usuario: (usuarioId: string) => `${PORTARIA}/admin/usuarios/editar/${id(usuarioId)}`,
  grupos: `${PORTARIA}/admin/grupos`,
  grupoNovo: `${PORTARIA}/admin/grupos/novo`,
  grupo: (grupoId: string) => `${PORTARIA}/admin/grupos/editar/${id(grupoId)}`,
  permissoes: `${PORTARIA}/admin/permissoes`,
  bloqueios: `${PORTARIA}/bloqueios`,
  encomendas: `${PORTARIA}/encomendas`,
  /** The parcels of one condominium (the painel's card links here). */
  encomendasDoCondominio: (condominioId: string) => `${PORTARIA}/encomendas?condominio=${id(condominioId)}`,
  livro: `${PORTARIA}/livro`,
} as const;
