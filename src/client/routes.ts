import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("servicos", "routes/public/servicos.tsx"),
    route("sobre", "routes/public/sobre.tsx"),
    route("contato", "routes/public/contato.tsx"),
    route("leads", "routes/public/leads.tsx"),
    route("politica-de-privacidade", "routes/public/politica-de-privacidade.tsx"),
    route("termos-de-uso", "routes/public/termos-de-uso.tsx"),
    route("login", "routes/login.tsx"),
  ]),
  ...prefix("dashboard", [
    layout("routes/dashboard/layout.tsx", [
      index("routes/dashboard/visao-geral.tsx"),
      route("relatorios", "routes/dashboard/relatorios.tsx"),
      route("clientes", "routes/dashboard/clientes.tsx"),
      route("agenda", "routes/dashboard/agenda.tsx"),
      route("notificacoes", "routes/dashboard/notificacoes.tsx"),
      route("configuracoes", "routes/dashboard/configuracoes.tsx"),
      route("*", "routes/dashboard/redirect-to-overview.tsx"),
    ]),
  ]),
  ...prefix("portaria-web", [
    route("alterar-senha", "routes/portaria-web/alterar-senha.tsx"),
    layout("routes/portaria-web/layout.tsx", [
      index("routes/portaria-web/painel.tsx"),
      route("controle-acesso", "routes/portaria-web/controle-acesso.tsx"),
      route("visitantes", "routes/portaria-web/visitantes.tsx"),
      route("registros", "routes/portaria-web/registros.tsx"),
      route("configuracoes", "routes/portaria-web/configuracoes.tsx"),
      ...prefix("admin", [
        route("usuarios", "routes/portaria-web/admin/usuarios/lista.tsx"),
        route("usuarios/novo", "routes/portaria-web/admin/usuarios/novo.tsx"),
        route("usuarios/editar/:usuarioId", "routes/portaria-web/admin/usuarios/editar.tsx"),
        route("grupos", "routes/portaria-web/admin/grupos/lista.tsx"),
        route("grupos/novo", "routes/portaria-web/admin/grupos/novo.tsx"),
        route("grupos/editar/:groupId", "routes/portaria-web/admin/grupos/editar.tsx"),
        route("permissoes", "routes/portaria-web/admin/permissoes.tsx"),
      ]),
      route("*", "routes/portaria-web/nao-encontrado.tsx"),
    ]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
