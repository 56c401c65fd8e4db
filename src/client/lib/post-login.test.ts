import { describe, expect, it } from "vitest";
import type { Profile } from "@shared/schemas/profile";
import { destinationAfterLogin, MORADOR_HOME, PASSWORD_PAGE, PORTARIA_HOME } from "./post-login";

const profile = (primeiro_acesso_concluido: boolean) => ({ primeiro_acesso_concluido }) as Profile;

describe("destinationAfterLogin", () => {
  it("a staff profile lands on Portaria Web, or back where the guard sent it from", () => {
    expect(destinationAfterLogin({ profile: profile(true), morador: false }, undefined)).toBe(PORTARIA_HOME);
    expect(destinationAfterLogin({ profile: profile(true), morador: false }, "/portaria-web/registros?q=1")).toBe("/portaria-web/registros?q=1");
  });

  it("a staff profile keeps its landing when the person is also a resident", () => {
    expect(destinationAfterLogin({ profile: profile(true), morador: true }, undefined)).toBe(PORTARIA_HOME);
  });

  it("a first access not done goes to the password page, resident or not", () => {
    expect(destinationAfterLogin({ profile: profile(false), morador: true }, "/portaria-web")).toBe(PASSWORD_PAGE);
  });

  it("a resident without a staff profile lands on /morador, back only to a page of it", () => {
    expect(destinationAfterLogin({ profile: null, morador: true }, undefined)).toBe(MORADOR_HOME);
    expect(destinationAfterLogin({ profile: null, morador: true }, "/morador?unidade=abc")).toBe("/morador?unidade=abc");
    expect(destinationAfterLogin({ profile: null, morador: true }, "/morador/visitantes")).toBe("/morador/visitantes");
    expect(destinationAfterLogin({ profile: null, morador: true }, "/portaria-web/registros")).toBe(MORADOR_HOME);
    expect(destinationAfterLogin({ profile: null, morador: true }, "/moradores")).toBe(MORADOR_HOME);
  });

  it("never goes to another site nor back to /login", () => {
    for (const from of ["//evil.example", "/\\evil.example", "https://evil.example", "/login?x=1"]) {
      expect(destinationAfterLogin({ profile: profile(true), morador: false }, from)).toBe(PORTARIA_HOME);
      expect(destinationAfterLogin({ profile: null, morador: true }, from)).toBe(MORADOR_HOME);
    }
  });

  it("without a profile nor the Área do Morador, the password page (as before)", () => {
    expect(destinationAfterLogin({ profile: null, morador: false }, undefined)).toBe(PASSWORD_PAGE);
    expect(destinationAfterLogin(null, undefined)).toBe(PASSWORD_PAGE);
  });
});
