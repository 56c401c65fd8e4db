import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

// The committed lock is what `npm ci` installs everywhere (issue 17): it must carry the native
// parts of the build for the platforms people develop and deploy on, and nothing that refuses
// the Node.js floor of package.json's engines.

const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8")) as {
  packages: Record<string, { version?: string; os?: string[]; cpu?: string[]; libc?: string[]; engines?: { node?: string }; optional?: boolean }>;
};
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as { engines: { node: string } };

// The build's native parts, by the package that pulls them in, and each platform's own name.
const NATIVE = {
  rollup: "@rollup/rollup-",
  "@tailwindcss/oxide": "@tailwindcss/oxide-",
  lightningcss: "lightningcss-",
};
const PLATFORMS = [
  { name: "darwin-arm64", os: "darwin", cpu: "arm64", libc: undefined },
  { name: "darwin-x64", os: "darwin", cpu: "x64", libc: undefined },
  { name: "win32-x64", os: "win32", cpu: "x64", libc: undefined },
  { name: "linux-x64-musl", os: "linux", cpu: "x64", libc: "musl" },
  { name: "linux-x64-gnu", os: "linux", cpu: "x64", libc: "glibc" },
] as const;

describe("package-lock.json", () => {
  for (const [parent, prefix] of Object.entries(NATIVE)) {
    it.each(PLATFORMS)(`holds ${parent}'s native build for $name`, ({ os, cpu, libc }) => {
      const builds = Object.entries(lock.packages).filter(
        ([path, entry]) =>
          path.startsWith(`node_modules/${prefix}`) &&
          entry.os?.includes(os) &&
          entry.cpu?.includes(cpu) &&
          (libc === undefined || !entry.libc || entry.libc.includes(libc)),
      );
      expect(builds.map(([path]) => path)).not.toEqual([]);
      // The version the parent asks for, not a stray older one.
      const wanted = lock.packages[`node_modules/${parent}`]?.version;
      expect(builds.some(([, entry]) => entry.version === wanted)).toBe(true);
    });
  }

  it("holds no package that refuses the Node.js floor of package.json's engines", () => {
    const floor = semver.minVersion(pkg.engines.node)!.version;
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => entry.engines?.node && !semver.satisfies(floor, entry.engines.node))
      .map(([path, entry]) => `${path} (${entry.engines!.node})`);
    expect(refusing, `these need a newer Node.js than ${floor}`).toEqual([]);
  });
});
