import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The server's layer zones (eslint.config.js, docs/arquitetura.md "Camadas do servidor") refuse an
// import that runs up; this proves the rule can fail, on text linted as if it were in the folder.
const eslint = new ESLint({ cwd: new URL("../..", import.meta.url).pathname });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("server layers (lint)", () => {
  // The first lint loads the config, the parser and the TypeScript resolver: seconds on a busy machine.
  beforeAll(() => layerErrors("src/server/db/probe.ts", "export const x = 1;\n"), 120_000);

  it("refuse db/ importing auth/, modules/ or http/", async () => {
    const errors = await layerErrors(
      "src/server/db/probe.ts",
      'import { requirePermission } from "../auth/guard";\nimport { recusa } from "../modules/controle-acesso/decisao";\nimport { registerOpenApi } from "../http/openapi";\nexport const x = [requirePermission, recusa, registerOpenApi];\n',
    );
    expect(errors).toHaveLength(3);
    expect(errors[0]).toContain("A camada db não importa");
  });

  it("refuse a module importing app.ts, main.ts or the test harness", async () => {
    const errors = await layerErrors(
      "src/server/modules/leads/probe.ts",
      'import { buildApp } from "../../app";\nimport "../../main";\nimport { createTestApp } from "../../testing/harness";\nexport const x = [buildApp, createTestApp];\n',
    );
    expect(errors).toHaveLength(3);
  });

  it("refuse src/ importing scripts/ (the demo generator)", async () => {
    expect(
      await layerErrors("src/server/seed-probe.ts", 'import { DEMO_PASSWORD } from "../../scripts/demo/data";\nexport const x = DEMO_PASSWORD;\n'),
    ).toHaveLength(1);
  });

  it("let a layer import the ones below it, and tests import anything", async () => {
    expect(
      await layerErrors(
        "src/server/modules/leads/probe.ts",
        'import { requirePermission } from "../../auth/guard";\nimport { AppError } from "../../errors";\nexport const x = [requirePermission, AppError];\n',
      ),
    ).toEqual([]);
    expect(await layerErrors("src/server/db/probe.test.ts", 'import { createTestApp } from "../testing/harness";\nexport const x = createTestApp;\n')).toEqual(
      [],
    );
  });
});
