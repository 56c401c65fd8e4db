// The production image's tools, bundled to build/server/cli.js (scripts/build-server.mjs), so the
// image runs them without tsx or the sources: `docker run <imagem> migrate`, `backup [--pelo-portal] [arquivo]`,
// `restore <arquivo> [--force]`, `seed-demo [--scale N]` (docs/operations.md, "Docker"). Each is
// the same script as its npm command; the portal itself is build/server/main.js.

const COMANDOS = {
  migrate: () => import("./migrate"),
  backup: () => import("./backup"),
  restore: () => import("./restore"),
  "seed-demo": () => import("./seed-demo"),
} as const;

const USO = `Uso: <comando> [argumentos]

  serve                               o portal (o padrão da imagem)
  migrate                             aplica as migrações e termina (um Job antes de atualizar as instâncias)
  backup [--pelo-portal] [arquivo]    backup do banco configurado (--pelo-portal: só pelo portal em execução)
  restore <arquivo> [--force]         restaura um backup (com o portal parado)
  seed-demo [--scale N]               dados de demonstração`;

const comando = process.argv[2] ?? "";
if (!(comando in COMANDOS)) {
  console.error(comando ? `Comando desconhecido: ${comando}\n\n${USO}` : USO);
  process.exit(comando ? 2 : 0);
} else {
  // The script reads its own arguments after the command, as `npm run <comando> -- ...` gives them.
  process.argv.splice(2, 1);
  await COMANDOS[comando as keyof typeof COMANDOS]();
}

export {};
