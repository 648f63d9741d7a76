import { describe, expect, it } from "vitest";
import { shellShouldRevalidate } from "~/lib/shell/revalidate";

type Args = Parameters<typeof shellShouldRevalidate>[0];
const at = (href: string) => new URL(href, "http://localhost");
const args = (from: string, to: string, extra: Partial<Args> = {}): Args =>
  ({ currentUrl: at(from), nextUrl: at(to), currentParams: {}, nextParams: {}, defaultShouldRevalidate: true, ...extra }) as Args;

describe("the staff layout's revalidation", () => {
  it("skips the viewer and sidebar between staff pages", () => {
    expect(shellShouldRevalidate(args("/dashboard", "/cadastros/clientes"))).toBe(false);
    expect(shellShouldRevalidate(args("/cadastros/clientes", "/cadastros/clientes?after=abc"))).toBe(false);
  });

  it("re-loads after a form submission or an action", () => {
    expect(shellShouldRevalidate(args("/perfil", "/perfil", { formMethod: "POST" }))).toBe(true);
    expect(shellShouldRevalidate(args("/cadastros/clientes/novo", "/cadastros/clientes", { formMethod: "PUT" }))).toBe(true);
    expect(shellShouldRevalidate(args("/a", "/b", { actionResult: { ok: true } }))).toBe(true);
  });

  it("re-loads on an explicit revalidation of the same URL (language switch, focus)", () => {
    expect(shellShouldRevalidate(args("/cadastros/clientes?q=a", "/cadastros/clientes?q=a"))).toBe(true);
  });

  it("a GET form is a navigation like any other", () => {
    expect(shellShouldRevalidate(args("/cadastros/clientes", "/cadastros/clientes?q=ana", { formMethod: "GET" }))).toBe(false);
  });

  it("never revalidates where React Router would not", () => {
    expect(shellShouldRevalidate(args("/perfil", "/perfil", { formMethod: "POST", defaultShouldRevalidate: false }))).toBe(false);
  });
});
