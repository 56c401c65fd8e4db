import { describe, expect, it, vi } from "vitest";
import { ApiError } from "./api";
import { saveCallbacks } from "./save-callbacks";
import { getCurrentToast } from "./toast";

describe("saveCallbacks", () => {
  it("on success: the success toast, then done with the saved data", () => {
    const done = vi.fn(() => expect(getCurrentToast()).toMatchObject({ title: "Unidade criada!", variant: "success" }));
    saveCallbacks({ success: "Unidade criada!", error: "Erro ao criar unidade", done }).onSuccess({ id: "u1" });
    expect(done).toHaveBeenCalledWith({ id: "u1" });
  });

  it("a success built from the answer keeps its description and duration", () => {
    saveCallbacks({ success: (n: number) => ({ title: "Sessões encerradas", description: `${n} outras`, duration: 9000 }), error: "x" }).onSuccess(2);
    expect(getCurrentToast()).toMatchObject({ title: "Sessões encerradas", description: "2 outras", duration: 9000, variant: "success" });
  });

  it("a success built as null shows no toast, and done still runs", () => {
    saveCallbacks({ success: "Antes", error: "x" }).onSuccess(null);
    const before = getCurrentToast();
    const done = vi.fn();
    saveCallbacks({ success: () => null, error: "x", done }).onSuccess({ resultado: "negado" });
    expect(getCurrentToast()).toBe(before);
    expect(done).toHaveBeenCalledWith({ resultado: "negado" });
  });

  it("on failure: the field the API named gets its message, the error toast, then failed", () => {
    const setError = vi.fn();
    const failed = vi.fn();
    const error = new ApiError(400, "VALIDATION", "Dados inválidos", "Verifique os campos.", { numero_unidade: "Já existe.", outro: "ignorado" });
    saveCallbacks({ success: "ok", error: "Erro ao criar unidade", failed, form: { setError, fields: ["numero_unidade", "bloco"] } }).onError(error);
    expect(setError).toHaveBeenCalledTimes(1);
    expect(setError).toHaveBeenCalledWith("numero_unidade", { type: "server", message: "Já existe." });
    expect(getCurrentToast()).toMatchObject({ title: "Erro ao criar unidade", description: "Verifique os campos.", variant: "destructive" });
    expect(failed).toHaveBeenCalledWith(error);
  });
});
