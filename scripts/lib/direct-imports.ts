import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { Plugin } from "vite";

// At build time, named imports from two index packages become imports of the modules that define
// them: `import { Phone } from "lucide-react"` -> the icon's own file, `import { Dialog } from
// "radix-ui"` -> `import * as Dialog from "@radix-ui/react-dialog"`.
//
// Tree-shaking drops what is unused either way, but an index module imports everything, and a
// chunk given by `manualChunks` takes every dependency of its modules with it: through an index,
// the public pages' chunks would carry every icon and every dialog, menu and select of the staff
// areas (see public-chunk.ts). A name not found below is left as written.

interface Target {
  /** `import local from path` (default export) or `import * as local from path` (namespace). */
  kind: "default" | "namespace";
  path: string;
}

const require = createRequire(import.meta.url);

/** lucide-react's ES index: `export { default as Phone, ... } from './icons/phone.mjs'`. */
function lucideTargets(targets: Map<string, Target>) {
  const esmIndex = join(dirname(require.resolve("lucide-react")), "..", "esm", "lucide-react.mjs");
  if (!existsSync(esmIndex)) return;
  for (const [, names, file] of readFileSync(esmIndex, "utf8").matchAll(/export \{([^}]*)\} from '(\.\/icons\/[\w-]+\.mjs)'/g)) {
    const path = join(dirname(esmIndex), file!);
    for (const name of names!.split(","))
      targets.set(
        `lucide-react:${name
          .trim()
          .split(/\s+as\s+/)
          .pop()}`,
        { kind: "default", path },
      );
  }
}

/** radix-ui's ES index: `import * as Dialog from "@radix-ui/react-dialog"`, resolved from radix-ui itself. */
function radixTargets(targets: Map<string, Target>) {
  const index = require.resolve("radix-ui");
  const esmIndex = join(dirname(index), "index.mjs");
  if (!existsSync(esmIndex)) return;
  const fromRadix = createRequire(esmIndex);
  for (const [, name, pkg] of readFileSync(esmIndex, "utf8").matchAll(/import \* as (\w+) from "(@radix-ui\/[\w-]+)"/g)) {
    try {
      const cjs = fromRadix.resolve(pkg!);
      const mjs = cjs.replace(/\.js$/, ".mjs");
      targets.set(`radix-ui:${name}`, { kind: "namespace", path: existsSync(mjs) ? mjs : cjs });
    } catch {
      // not installed: left as written
    }
  }
}

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["'](lucide-react|radix-ui)["'];?/g;

export function directImports(): Plugin {
  let targets: Map<string, Target> | null = null;
  return {
    name: "direct-imports",
    apply: "build",
    enforce: "pre",
    transform(code, id) {
      if (id.includes("/node_modules/") || !/\.[jt]sx?$/.test(id.split("?")[0]!)) return null;
      if (!code.includes("lucide-react") && !code.includes("radix-ui")) return null;
      if (!targets) {
        targets = new Map();
        lucideTargets(targets);
        radixTargets(targets);
      }
      let changed = false;
      const result = code.replace(NAMED_IMPORT, (statement, specifiers: string, pkg: string) => {
        const types: string[] = [];
        const imports: string[] = [];
        for (const specifier of specifiers
          .split(",")
          .map((s) => s.trim())
          .filter(Boolean)) {
          if (specifier.startsWith("type ")) {
            types.push(specifier.slice(5).trim());
            continue;
          }
          const [name, local = name] = specifier.split(/\s+as\s+/);
          const target = targets!.get(`${pkg}:${name}`);
          if (!target) return statement;
          const path = JSON.stringify(target.path);
          imports.push(target.kind === "default" ? `import ${local} from ${path};` : `import * as ${local} from ${path};`);
        }
        changed = true;
        if (types.length) imports.unshift(`import type { ${types.join(", ")} } from "${pkg}";`);
        // One line for one line: the positions in the rest of the file do not move.
        return imports.join(" ");
      });
      return changed ? { code: result, map: null } : null;
    },
  };
}
