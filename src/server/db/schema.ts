// The database's tables, for the app and for drizzle-kit (drizzle.config.ts): the tables of the
// portal and of Portaria Web (tabelas.ts), then each module's own (modulos/, one line per module;
// a module's table imports the tables it refers to from tabelas.ts, never from here).
export * from "./tabelas";
export * from "./modulos/dispositivos";
export * from "./modulos/biometria";
export * from "./modulos/morador";
export * from "./modulos/solicitacoes";
export * from "./modulos/notificacoes";
export * from "./modulos/encomendas";
export * from "./modulos/livro";
// new:module (scripts/new-module.mjs) adds its module's line above this one.
