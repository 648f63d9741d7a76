import { describe, expect, it } from "vitest";
import { checkFormBody } from "~/middleware/form-body";

const post = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, { method: "POST", ...init });

describe("checkFormBody", () => {
  it("lets reads and real forms through, and leaves the body for the action", async () => {
    expect(await checkFormBody(new Request("http://localhost/perfil"))).toEqual({ ok: true });
    const urlencoded = post("/perfil", { body: new URLSearchParams({ name: "Ana" }) });
    expect(await checkFormBody(urlencoded)).toEqual({ ok: true });
    expect((await urlencoded.formData()).get("name")).toBe("Ana");
    const fd = new FormData();
    fd.set("intent", "name");
    const multipart = post("/perfil.data", { body: fd });
    expect(await checkFormBody(multipart)).toEqual({ ok: true });
    expect((await multipart.formData()).get("intent")).toBe("name");
  });

  it("answers 415 for a body that is not a form", async () => {
    expect(await checkFormBody(post("/perfil", { body: new Uint8Array([1, 2]) }))).toEqual({ ok: false, status: 415 });
    expect(await checkFormBody(post("/perfil", { body: "{}", headers: { "Content-Type": "application/json" } }))).toEqual({ ok: false, status: 415 });
    expect(await checkFormBody(post("/perfil", { body: "a=b", headers: { "Content-Type": "text/plain" } }))).toEqual({ ok: false, status: 415 });
    expect(await checkFormBody(new Request("http://localhost/logout", { method: "DELETE" }))).toEqual({ ok: false, status: 415 });
  });

  it("answers 400 for a multipart body without its boundary or broken", async () => {
    expect(await checkFormBody(post("/perfil", { body: "--x\r\n", headers: { "Content-Type": "multipart/form-data" } }))).toEqual({ ok: false, status: 400 });
    expect(await checkFormBody(post("/perfil", { body: "garbage", headers: { "Content-Type": "multipart/form-data; boundary=x" } }))).toEqual({
      ok: false,
      status: 400,
    });
  });

  it("leaves better-auth's JSON API alone", async () => {
    expect(await checkFormBody(post("/api/auth/sign-in/email", { body: "{}", headers: { "Content-Type": "application/json" } }))).toEqual({ ok: true });
  });
});
