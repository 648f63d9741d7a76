import { expect, test } from "@playwright/test";

test.describe("foundation", () => {
  test("GET /healthz reports the database reachable", async ({ request }) => {
    const res = await request.get("/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ok", database: true });
  });

  test("the webhooks Worker answers through the same local process", async ({ request }) => {
    const res = await request.get("/webhooks/healthz");
    expect(res.status()).toBe(200);
    expect(await res.json()).toEqual({ worker: "webhooks", status: "ok", database: true });
  });

  test("the app answers on 127.0.0.1 as well as localhost", async ({ request, baseURL }) => {
    const res = await request.get(baseURL!.replace("localhost", "127.0.0.1") + "/healthz");
    expect(res.status()).toBe(200);
  });

  test("a body that is not a form answers 415 or 400 in the user's language on the built app, never 500", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const json = await request.post("/login", {
      data: { email: "admin@sol.example", password: "x" },
      headers: { Origin: origin, "Accept-Language": "en" },
    });
    expect(json.status()).toBe(415);
    expect(await json.text()).toContain("This address only accepts forms. Nothing was changed.");
    const broken = await request.post("/idioma", {
      data: "garbage",
      headers: { Origin: origin, "Content-Type": "multipart/form-data; boundary=x" },
    });
    expect(broken.status()).toBe(400);
    expect(await broken.text()).toContain("O pedido não é um formulário válido. Nada foi alterado.");
    // A client navigation's data request is refused the same way.
    const data = await request.post("/login.data", { data: "{}", headers: { Origin: origin, "Content-Type": "application/json" } });
    expect(data.status()).toBe(415);
  });

  test("a redirect target from user input never leaves the site, even with a tab or a newline", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    for (const redirectTo of ["/\t/evil.example", "/\n/evil.example", "/.//evil.example", "//evil.example"]) {
      const res = await request.post("/idioma", { form: { lng: "pt", redirectTo }, headers: { Origin: origin }, maxRedirects: 0 });
      expect(res.status(), JSON.stringify(redirectTo)).toBe(302);
      const location = res.headers()["location"]!;
      expect(new URL(location, `${origin}/x`).origin, location).toBe(origin);
    }
  });
});
