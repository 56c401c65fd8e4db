import { afterEach, expect } from "vitest";
import { FalhaDoDispositivo } from "../dispositivos/drivers";

// What the drivers' contract tests share: the simulated devices a test turns on (off after each
// test), and reading the pt-BR failure a call ends in.

/** The devices turned on by the current test file: each is turned off after every test. */
export function simuladosDoTeste<T extends { desligar(): Promise<void> }>(): T[] {
  const ligados: T[] = [];
  afterEach(async () => {
    await Promise.all(ligados.splice(0).map((d) => d.desligar()));
  });
  return ligados;
}

/** The FalhaDoDispositivo `promessa` ends in (the test fails if it succeeds or fails otherwise). */
export async function falhaDe(promessa: Promise<unknown>): Promise<FalhaDoDispositivo> {
  const erro = await promessa.then(
    () => null,
    (e: unknown) => e,
  );
  expect(erro).toBeInstanceOf(FalhaDoDispositivo);
  return erro as FalhaDoDispositivo;
}
