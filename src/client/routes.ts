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
    layout("routes/portaria-web/layout.tsx", [index("routes/portaria-web/painel.tsx")]),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
