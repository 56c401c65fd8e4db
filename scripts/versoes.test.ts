import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

// Issue 32: each release has a git tag vX.Y.Z on the commit that closes it, its section in
// CHANGELOG.md ('## X.Y.Z — AAAA-MM-DD') and that version in package.json. How to cut one:
// docs/operations.md, "Versões".

const changelog = readFileSync("CHANGELOG.md", "utf8");
const versao = (JSON.parse(readFileSync("package.json", "utf8")) as { version: string }).version;
const secoes = [...changelog.matchAll(/^## (.+)$/gm)].map((m) => m[1]!);
const lancadas = secoes.filter((s) => s !== "Não lançada");
const RELEASE = /^(\d+\.\d+\.\d+) — (\d{4}-\d{2}-\d{2})$/;
/** Each released section's version and date (null where the heading is not one). */
const releases = lancadas.map((s) => RELEASE.exec(s)).map((m) => (m ? { versao: m[1]!, data: m[2]! } : null));
const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
const comparar = (a: string, b: string) => {
  const [x, y] = [a, b].map((v) => v.split(".").map(Number));
  return x![0]! - y![0]! || x![1]! - y![1]! || x![2]! - y![2]!;
};

describe("releases: CHANGELOG.md, package.json and the git tags agree", () => {
  it("the changelog opens with what is not released yet, then each release, newest first, dated", () => {
    expect(secoes.indexOf("Não lançada")).toBeLessThanOrEqual(0);
    expect(lancadas.length).toBeGreaterThan(0);
    for (const secao of lancadas) expect(secao).toMatch(RELEASE);
    for (let i = 1; i < releases.length; i++) {
      const [nova, anterior] = [releases[i - 1]!, releases[i]!];
      expect(comparar(nova.versao, anterior.versao), `${nova.versao} depois de ${anterior.versao}`).toBeGreaterThan(0);
      expect(nova.data >= anterior.data, `${nova.data} depois de ${anterior.data}`).toBe(true);
    }
  });

  it("package.json carries the newest release's version", () => {
    expect(releases[0]?.versao).toBe(versao);
  });

  it("every tag is a release of the changelog whose package.json says that version; every release has its tag", () => {
    const tags = git("tag", "--list", "v*").split("\n").filter(Boolean);
    const versoes = releases.map((r) => r?.versao);
    for (const tag of tags) {
      expect(versoes, tag).toContain(tag.slice(1));
      const pkg = JSON.parse(git("show", `${tag}:package.json`)) as { version: string };
      expect(pkg.version, tag).toBe(tag.slice(1));
    }
    // A clone made without tags (git clone --no-tags) cannot say which releases were tagged.
    if (tags.length > 0) for (const v of versoes) expect(tags, v).toContain(`v${v}`);
  });
});
