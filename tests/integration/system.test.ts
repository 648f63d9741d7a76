/**
 * System screens through the real route table and middleware: licence
 * management (SuperAdmin), menu management and Minha Agência (Admin,
 * SuperAdmin), Sobre and Histórico de Versões (everyone), Parametrização →
 * E-mail (everyone reads, Admins change). Roles of spec §6, tenant isolation,
 * version checks, uploads by magic bytes, the SMTP password at rest, and
 * hostile input to every form.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { decryptSecret } from "~/lib/platform/crypto.server";
import { defaultLicence, type LicenceModules } from "~/lib/system/licence";
import { entryIds } from "~/lib/system/licence-edit";
import type { NavItem } from "~/lib/shell/sidebar";
import packageJson from "../../package.json";
import { appRequest, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn } from "./fixtures";

beforeAll(seedDemo);

const location = (res: Response) => res.headers.get("Location");
const DEV_KEY = "cm90YS1sb2NhbC1kZXYta2V5LTMyLWJ5dGVzLWxvbmchIQ==";

/** A 1×1 PNG. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

type AgencyRow = { name: string; slug: string; version: number; logo_key: string | null; cnpj: string | null; plan: string; active: number; time_zone: string };
const agencyRow = (id: string) => env.DB.prepare("select * from agency where id = ?").bind(id).first<AgencyRow>();
const licenceRow = async (id: string) => {
  const row = await env.DB.prepare("select modules, version from licence where agency_id = ?").bind(id).first<{ modules: string; version: number }>();
  return { modules: JSON.parse(row!.modules) as LicenceModules, version: row!.version };
};
const auditCount = async (entityId: string, entity: string) =>
  (await env.DB.prepare("select count(*) as n from audit_entry where entity_id = ? and entity = ?").bind(entityId, entity).first<{ n: number }>())!.n;

/** A fresh agency with an Admin, an Agente and a SuperAdmin working in it. */
async function world() {
  const agency = await createAgency();
  const admin = await createUser({ role: "Admin", agencyId: agency.id });
  const agent = await createUser({ role: "Agente", agencyId: agency.id });
  const sup = await createUser({ role: "SuperAdmin", agencyId: null });
  const cookies = {
    admin: await signIn(admin.email, admin.password),
    agent: await signIn(agent.email, agent.password),
    super: await signIn(sup.email, sup.password),
  };
  const picked = await appRequest("/selecionar-agencia", { cookie: cookies.super, form: { agencyId: agency.id, redirectTo: "/dashboard" } });
  expect(picked.status).toBe(302);
  return { agency, admin, agent, sup, cookies };
}

/** Form fields of Minha Agência for an agency row, with changes. */
function profileForm(version: number, changes: Record<string, string> = {}) {
  return {
    intent: "profile",
    version: String(version),
    name: "Agência Teste",
    legalName: "Agência Teste Ltda.",
    cnpj: "11.222.333/0001-81",
    cadastur: "12.345678.10.0001-1",
    country: "BR",
    postalCode: "01310-100",
    addressLine: "Av. Paulista, 1000",
    city: "São Paulo",
    state: "SP",
    phone: "(11) 3000-1000",
    email: "contato@teste.example",
    website: "www.teste.example",
    timeZone: "America/Sao_Paulo",
    currency: "BRL",
    slug: `teste-${crypto.randomUUID().slice(0, 8)}`,
    ...changes,
  };
}

/** The licence form's fields: every entry enabled except those given. */
function licenceForm(licence: LicenceModules, version: number, agencyVersion: number, options: { disable?: string[]; plan?: string; active?: boolean } = {}) {
  const off = new Set(options.disable ?? []);
  return {
    version: String(version),
    agencyVersion: String(agencyVersion),
    plan: options.plan ?? "standard",
    ...(options.active === false ? {} : { active: "on" }),
    enabled: entryIds(licence).filter((id) => !off.has(id)),
  };
}

describe("role table of spec §6 for the system screens", () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  }, 60_000);

  const superOnly = () => ["/sistema/license-management", "/sistema/license-management/new", `/sistema/license-management/edit/${w.agency.id}`];
  const admins = ["/sistema/menu-management", "/sistema/minha-agencia"];
  const everyone = ["/sistema/sobre", "/sistema/historico-versoes", "/parametrizacao/email"];

  it("opens every screen to a SuperAdmin working in the agency", async () => {
    for (const path of [...superOnly(), ...admins, ...everyone]) expect((await appRequest(path, { cookie: w.cookies.super })).status, path).toBe(200);
  });

  it("keeps licence management from an Admin, silently", async () => {
    for (const path of superOnly()) expect(location(await appRequest(path, { cookie: w.cookies.admin })), path).toBe("/dashboard");
    for (const path of [...admins, ...everyone]) expect((await appRequest(path, { cookie: w.cookies.admin })).status, path).toBe(200);
  });

  it("keeps the admin screens from an Agente, and lets them read about, versions and e-mail settings", async () => {
    for (const path of [...superOnly(), ...admins]) expect(location(await appRequest(path, { cookie: w.cookies.agent })), path).toBe("/dashboard");
    for (const path of everyone) expect((await appRequest(path, { cookie: w.cookies.agent })).status, path).toBe(200);
    const email = await json<{ canEdit: boolean }>(await appRequest("/parametrizacao/email", { cookie: w.cookies.agent }));
    expect(email.canEdit).toBe(false);
  });

  it("shows the integrations to Admin, SuperAdmin and Financeiro, and sends an Agente to /dashboard", async () => {
    const integrations = ["/sistema/integracoes", "/sistema/integracoes/asaas", "/sistema/integracoes/webhooks"];
    const finance = await createUser({ role: "Financeiro", agencyId: w.agency.id });
    const financeCookie = await signIn(finance.email, finance.password);
    for (const path of integrations) {
      expect(location(await appRequest(path, { cookie: w.cookies.agent })), path).toBe("/dashboard");
      for (const cookie of [w.cookies.admin, w.cookies.super, financeCookie]) expect((await appRequest(path, { cookie })).status, path).toBe(200);
    }
  });

  it("sends a visitor to /login", async () => {
    for (const path of [...superOnly(), ...admins, ...everyone]) expect(location(await appRequest(path)), path).toMatch(/^\/login\?redirectTo=/);
  });

  it("answers 403 to a write by a role that may not, and changes nothing", async () => {
    const before = await agencyRow(w.agency.id);
    const licenceBefore = await licenceRow(w.agency.id);
    const agencies = (await env.DB.prepare("select count(*) as n from agency").first<{ n: number }>())!.n;

    const attempts: [string, string, Record<string, string | string[]>][] = [
      [w.cookies.agent, "/sistema/minha-agencia", profileForm(before!.version, { name: "Hacked" })],
      [w.cookies.agent, "/sistema/menu-management", { intent: "reset", version: String(licenceBefore.version) }],
      [w.cookies.agent, "/parametrizacao/email", { intent: "save", version: "0", transport: "local", smtpSecurity: "starttls", senderName: "Hacked" }],
      [w.cookies.agent, "/parametrizacao/email", { intent: "test" }],
      [w.cookies.admin, "/sistema/license-management/new", { name: "Nova", slug: "nova-agencia-403", timeZone: "UTC", currency: "BRL", plan: "standard", adminName: "X", adminEmail: "x@x.example", adminLocale: "pt" }],
      [w.cookies.admin, `/sistema/license-management/edit/${w.agency.id}`, licenceForm(licenceBefore.modules, licenceBefore.version, before!.version, { disable: ["cadastros"] })],
      [w.cookies.agent, `/sistema/license-management/edit/${w.agency.id}`, licenceForm(licenceBefore.modules, licenceBefore.version, before!.version, { disable: ["cadastros"] })],
    ];
    for (const [cookie, path, form] of attempts) {
      expect((await appRequest(path, { cookie, form })).status, path).toBe(403);
    }
    expect(await agencyRow(w.agency.id)).toEqual(before);
    expect(await licenceRow(w.agency.id)).toEqual(licenceBefore);
    expect((await env.DB.prepare("select count(*) as n from agency").first<{ n: number }>())!.n).toBe(agencies);
    expect(await env.DB.prepare("select * from email_settings where agency_id = ?").bind(w.agency.id).first()).toBeNull();
    expect((await env.DB.prepare("select count(*) as n from email_outbox where agency_id = ?").bind(w.agency.id).first<{ n: number }>())!.n).toBe(0);
  });
});

describe("licence management (SuperAdmin)", () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  }, 60_000);

  it("lists every agency a page at a time, with plan, active flag and enabled modules", async () => {
    const data = await json<{ agencies: { id: string; plan: string; active: boolean; enabled: { modules: number; modulesTotal: number } }[]; total: number }>(
      await appRequest(`/sistema/license-management?q=${encodeURIComponent(w.agency.name)}`, { cookie: w.cookies.super }),
    );
    expect(data.total).toBe(1);
    expect(data.agencies[0]).toMatchObject({ id: w.agency.id, plan: "standard", active: true, enabled: { modules: 10, modulesTotal: 10 } });
    // Keyset pages of every agency by name: forwards and back, no gaps or repeats, the agency choice alike.
    for (let i = 0; i < 3; i++) await createAgency(`Agência Paginada ${i}`);
    type Page = { agencies: { id: string; name: string }[]; total: number; page: { next: string | null; prev: string | null } };
    for (const path of ["/sistema/license-management", "/selecionar-agencia"]) {
      const total = (await json<Page>(await appRequest(`${path}?size=100`, { cookie: w.cookies.super }))).total;
      expect(total, path).toBeGreaterThanOrEqual(5);
      const seen: string[] = [];
      let after: string | null = null;
      let last: Page | undefined;
      do {
        const current: Page = await json<Page>(await appRequest(`${path}?size=25${after ? `&after=${after}` : ""}`, { cookie: w.cookies.super }));
        expect(current.agencies.length, path).toBeLessThanOrEqual(25);
        seen.push(...current.agencies.map((a) => a.id));
        after = current.page.next;
        last = current;
      } while (after);
      expect(new Set(seen).size, path).toBe(total);
      expect(seen.length, path).toBe(total);
      if (last?.page.prev) {
        const back = await json<Page>(await appRequest(`${path}?size=25&before=${last.page.prev}`, { cookie: w.cookies.super }));
        expect(back.agencies.map((a) => a.id), path).toEqual(seen.slice(-25 - last.agencies.length, -last.agencies.length));
      }
    }
    const searched = await json<Page>(await appRequest("/selecionar-agencia?q=paginada", { cookie: w.cookies.super }));
    expect(searched.total).toBeGreaterThanOrEqual(3);
    expect(searched.agencies.every((a) => a.name.toLowerCase().includes("paginada"))).toBe(true);
  });

  it("answers 404 for an unknown agency", async () => {
    expect((await appRequest("/sistema/license-management/edit/00000000-0000-7000-8000-00000000dead", { cookie: w.cookies.super })).status).toBe(404);
    const res = await appRequest("/sistema/license-management/edit/nope", { cookie: w.cookies.super, form: { version: "1", agencyVersion: "1", plan: "standard", enabled: [] } });
    expect(res.status).toBe(404);
  });

  it("disabling a module hides it and blocks its routes for the agency's users at their next request, and tells the Admins", async () => {
    const cookie = w.cookies.agent;
    expect((await appRequest("/cadastros/clientes", { cookie })).status).toBe(200);
    const { modules, version } = await licenceRow(w.agency.id);
    const agency = await agencyRow(w.agency.id);
    const res = await appRequest(`/sistema/license-management/edit/${w.agency.id}`, {
      cookie: w.cookies.super,
      form: licenceForm(modules, version, agency!.version, { disable: ["cadastros", "financeiro.faturamento.comissoes"], plan: "professional" }),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ saved: true, toast: { title: "licences.saved" } });

    const after = await licenceRow(w.agency.id);
    expect(after.version).toBe(version + 1);
    expect(after.modules.cadastros!.enabled).toBe(false);
    // The submodules keep their own flags; the disabled parent blocks them (spec §5).
    expect(after.modules.cadastros!.submodules!.clientes!.enabled).toBe(true);
    expect(after.modules.financeiro!.submodules!.faturamento!.submodules!.comissoes!.enabled).toBe(false);
    expect((await agencyRow(w.agency.id))!.plan).toBe("professional");

    for (const path of ["/cadastros/clientes", "/cadastros/clientes/novo", "/financeiro/faturamento/comissoes"]) {
      const blocked = await appRequest(path, { cookie });
      expect(blocked.status, path).toBe(302);
      expect(location(blocked), path).toBe("/dashboard");
    }
    const layout = await json<{ sidebar: NavItem[] }>(await appRequest("/dashboard", { cookie, loaderOf: "routes/app/layout.tsx" }));
    expect(layout.sidebar.map((i) => i.key)).not.toContain("cadastros");

    const notes = await env.DB.prepare("select title, message from notification where user_id = ?").bind(w.admin.id).all<{ title: string; message: string }>();
    expect(notes.results).toContainEqual({ title: "Licença atualizada", message: expect.stringContaining(w.agency.name) });
    expect(await auditCount(w.agency.id, "licence")).toBeGreaterThanOrEqual(1);
  });

  it("deactivating an agency signs its staff out (no redirect loop) and refuses their sign-in", async () => {
    const other = await world();
    const { modules, version } = await licenceRow(other.agency.id);
    const agency = await agencyRow(other.agency.id);
    const res = await appRequest(`/sistema/license-management/edit/${other.agency.id}`, {
      cookie: other.cookies.super,
      form: licenceForm(modules, version, agency!.version, { active: false }),
    });
    expect(res.status).toBe(200);
    expect((await agencyRow(other.agency.id))!.active).toBe(0);
    expect(location(await appRequest("/dashboard", { cookie: other.cookies.agent }))).toBe("/login?redirectTo=%2Fdashboard");
    const login = await appRequest("/login", { form: { email: other.agent.email, password: other.agent.password }, headers: { "cf-connecting-ip": "198.51.100.201" } });
    expect(login.status).toBe(401);
    // The SuperAdmin still works in it (to turn it back on).
    expect((await appRequest(`/sistema/license-management/edit/${other.agency.id}`, { cookie: other.cookies.super })).status).toBe(200);
  });

  it("refuses a stale save with the current values and changes nothing", async () => {
    const { modules, version } = await licenceRow(w.agency.id);
    const agency = await agencyRow(w.agency.id);
    const audits = await auditCount(w.agency.id, "licence");
    const res = await appRequest(`/sistema/license-management/edit/${w.agency.id}`, {
      cookie: w.cookies.super,
      form: licenceForm(modules, version - 1, agency!.version, { disable: ["crm"] }),
    });
    expect(res.status).toBe(409);
    const body = await json<{ stale: boolean; current: { version: number; plan: string } }>(res);
    expect(body.stale).toBe(true);
    expect(body.current).toMatchObject({ version, plan: agency!.plan });
    expect(await licenceRow(w.agency.id)).toEqual({ modules, version });
    expect(await auditCount(w.agency.id, "licence")).toBe(audits);
    // A stale agency version (plan, active) is refused too.
    const res2 = await appRequest(`/sistema/license-management/edit/${w.agency.id}`, {
      cookie: w.cookies.super,
      form: licenceForm(modules, version, agency!.version - 1, { active: false }),
    });
    expect(res2.status).toBe(409);
    expect((await agencyRow(w.agency.id))!.active).toBe(1);
  });

  it("refuses hostile input with 400 and changes nothing", async () => {
    const { modules, version } = await licenceRow(w.agency.id);
    const agency = await agencyRow(w.agency.id);
    const bad = [
      { ...licenceForm(modules, version, agency!.version), enabled: ["cadastros", "nao_existe"] },
      { ...licenceForm(modules, version, agency!.version), enabled: ["__proto__.polluted"] },
      { ...licenceForm(modules, version, agency!.version), plan: "gratis" },
      { ...licenceForm(modules, version, agency!.version), version: "x" },
    ];
    for (const form of bad) {
      const res = await appRequest(`/sistema/license-management/edit/${w.agency.id}`, { cookie: w.cookies.super, form });
      expect(res.status).toBe(400);
      expect(Object.keys((await json<{ fieldErrors: object }>(res)).fieldErrors).length).toBeGreaterThan(0);
    }
    expect(await licenceRow(w.agency.id)).toEqual({ modules, version });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("creates an agency with the default licence and invites its first Admin", async () => {
    const slug = `nova-${crypto.randomUUID().slice(0, 8)}`;
    const email = `primeiro-${crypto.randomUUID().slice(0, 8)}@nova.example`;
    const res = await appRequest("/sistema/license-management/new", {
      cookie: w.cookies.super,
      form: { name: "Nova Agência", legalName: "Nova Agência Ltda.", cnpj: "45.723.174/0001-10", slug, timeZone: "America/Manaus", currency: "BRL", plan: "trial", adminName: "Primeira Admin", adminEmail: email, adminLocale: "es" },
    });
    expect(res.status).toBe(200);
    const body = await json<{ created: { id: string; email: string }; toast: { title: string } }>(res);
    expect(body.toast.title).toBe("licences.created");
    const id = body.created.id;
    expect(await agencyRow(id)).toMatchObject({ name: "Nova Agência", slug, cnpj: "45723174000110", plan: "trial", time_zone: "America/Manaus", active: 1 });
    expect((await licenceRow(id)).modules).toEqual(defaultLicence());
    const inv = await env.DB.prepare("select role, locale, email from invitation where agency_id = ?").bind(id).first();
    expect(inv).toEqual({ role: "Admin", locale: "es", email });
    const mail = await env.DB.prepare("select to_address, kind, locale from email_outbox where agency_id = ?").bind(id).first();
    expect(mail).toEqual({ to_address: email, kind: "invitation", locale: "es" });
    expect(await auditCount(id, "agency")).toBe(1);
  });

  it("refuses a taken slug, an e-mail in use and hostile input with field errors, creating nothing", async () => {
    const count = async () => (await env.DB.prepare("select count(*) as n from agency").first<{ n: number }>())!.n;
    const before = await count();
    const agency = await agencyRow(w.agency.id);
    const base = { name: "X", slug: `livre-${crypto.randomUUID().slice(0, 8)}`, timeZone: "UTC", currency: "BRL", plan: "standard", adminName: "Y", adminEmail: `y-${crypto.randomUUID().slice(0, 6)}@y.example`, adminLocale: "pt" };
    const cases: [Record<string, string>, string][] = [
      [{ ...base, slug: agency!.slug }, "slug"],
      [{ ...base, adminEmail: w.admin.email }, "adminEmail"],
      [{ ...base, cnpj: "11.222.333/0001-82" }, "cnpj"],
      [{ ...base, slug: "Não Pode!" }, "slug"],
      [{ ...base, slug: "-x-" }, "slug"],
      [{ ...base, timeZone: "Marte/Base" }, "timeZone"],
      [{ ...base, currency: "REAL" }, "currency"],
      [{ ...base, plan: "free" }, "plan"],
      [{ ...base, adminEmail: "not-an-email" }, "adminEmail"],
      [{ ...base, adminLocale: "fr" }, "adminLocale"],
      [{ ...base, name: "x".repeat(500) }, "name"],
      [{ ...base, name: "" }, "name"],
    ];
    for (const [form, field] of cases) {
      const res = await appRequest("/sistema/license-management/new", { cookie: w.cookies.super, form });
      expect(res.status, field).toBe(400);
      const body = await json<{ result: { error: Record<string, string[]> } }>(res);
      expect(Object.keys(body.result.error), field).toContain(field);
    }
    expect(await count()).toBe(before);
  });
});

describe("menu management (Admin, own agency)", () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  }, 60_000);

  /** The menu form: every id in order (moving `first` to the top of its siblings) and labels. */
  function menuForm(licence: LicenceModules, version: number, { first, labels = {} }: { first?: string; labels?: Record<string, string> } = {}) {
    let order = entryIds(licence);
    if (first) {
      const subtree = order.filter((id) => id === first || id.startsWith(`${first}.`));
      order = [...subtree, ...order.filter((id) => !subtree.includes(id))];
    }
    return { intent: "save", version: String(version), order, ...labels };
  }

  it("renames per language and reorders; the sidebar follows; the order is rewritten", async () => {
    const { modules, version } = await licenceRow(w.agency.id);
    const res = await appRequest("/sistema/menu-management", {
      cookie: w.cookies.admin,
      form: menuForm(modules, version, { first: "financeiro", labels: { "label.cadastros.pt": "Pessoas", "label.cadastros.en": "People", "label.sistema.license_management.pt": "" } }),
    });
    expect(res.status).toBe(200);
    expect(await json(res)).toMatchObject({ toast: { title: "menus.saved" } });
    const after = await licenceRow(w.agency.id);
    expect(after.version).toBe(version + 1);
    expect(after.modules.financeiro!.order).toBe(1);
    expect(after.modules.dashboard!.order).toBe(2);
    expect(after.modules.sistema!.submodules!.license_management!.order).toBe(2);
    expect(after.modules.cadastros!.labels).toEqual({ pt: "Pessoas", en: "People" });
    const layout = await json<{ sidebar: NavItem[] }>(await appRequest("/dashboard", { cookie: w.cookies.agent, loaderOf: "routes/app/layout.tsx" }));
    expect(layout.sidebar[0]!.key).toBe("financeiro");
    expect(layout.sidebar.find((i) => i.key === "cadastros")!.name).toBe("Pessoas");
    expect(await auditCount(w.agency.id, "licence")).toBeGreaterThanOrEqual(1);
  });

  it("resets to the default order and names, keeping the enabled flags", async () => {
    await env.DB.prepare("update licence set modules = json_set(modules, '$.crm.enabled', json('false')) where agency_id = ?").bind(w.agency.id).run();
    const { version } = await licenceRow(w.agency.id);
    const res = await appRequest("/sistema/menu-management", { cookie: w.cookies.admin, form: { intent: "reset", version: String(version) } });
    expect(res.status).toBe(200);
    const after = await licenceRow(w.agency.id);
    const expected = defaultLicence();
    expected.crm!.enabled = false;
    expect(after.modules).toEqual(expected);
  });

  it("refuses a stale save", async () => {
    const before = await licenceRow(w.agency.id);
    const res = await appRequest("/sistema/menu-management", { cookie: w.cookies.admin, form: menuForm(before.modules, before.version - 1, { first: "crm" }) });
    expect(res.status).toBe(409);
    expect(await licenceRow(w.agency.id)).toEqual(before);
  });

  it("refuses unknown keys, duplicates, missing entries and long names with 400, changing nothing", async () => {
    const before = await licenceRow(w.agency.id);
    const ok = menuForm(before.modules, before.version);
    const cases: Record<string, string | string[]>[] = [
      { ...ok, order: [...(ok.order as string[]), "hacked"] },
      { ...ok, order: [...(ok.order as string[]), "cadastros"] },
      { ...ok, order: (ok.order as string[]).slice(1) },
      { ...ok, "label.cadastros.pt": "x".repeat(61) },
      { ...ok, "label.naoexiste.pt": "X" },
      { ...ok, "label.cadastros.fr": "X" },
      { ...ok, intent: "delete" },
    ];
    for (const form of cases) {
      const res = await appRequest("/sistema/menu-management", { cookie: w.cookies.admin, form });
      expect(res.status).toBe(400);
    }
    const long = await json<{ fieldErrors: Record<string, string[]> }>(
      await appRequest("/sistema/menu-management", { cookie: w.cookies.admin, form: { ...ok, "label.cadastros.pt": "x".repeat(61) } }),
    );
    expect(long.fieldErrors).toEqual({ "label.cadastros.pt": ["validation.tooLong"] });
    expect(await licenceRow(w.agency.id)).toEqual(before);
  });

  it("changes only the viewer's own agency", async () => {
    const other = await world();
    const before = await licenceRow(other.agency.id);
    const mine = await licenceRow(w.agency.id);
    const res = await appRequest("/sistema/menu-management", {
      cookie: w.cookies.admin,
      form: { ...menuForm(mine.modules, mine.version, { labels: { "label.crm.pt": "Funil" } }), agencyId: other.agency.id },
    });
    expect(res.status).toBe(200);
    expect(await licenceRow(other.agency.id)).toEqual(before);
    expect((await licenceRow(w.agency.id)).modules.crm!.labels).toEqual({ pt: "Funil" });
  });
});

describe("Minha Agência", () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  }, 60_000);

  it("saves the agency's data with a version check and an audit row", async () => {
    const before = await agencyRow(w.agency.id);
    const form = profileForm(before!.version, { name: "Sol Nascente Viagens" });
    const res = await appRequest("/sistema/minha-agencia", { cookie: w.cookies.admin, form });
    expect(res.status).toBe(200);
    const after = await env.DB.prepare("select * from agency where id = ?").bind(w.agency.id).first<Record<string, unknown>>();
    expect(after).toMatchObject({
      name: "Sol Nascente Viagens",
      cnpj: "11222333000181",
      postal_code: "01310100",
      phone: "1130001000",
      website: "https://www.teste.example",
      slug: form.slug,
      version: before!.version + 1,
    });
    expect(await auditCount(w.agency.id, "agency")).toBe(1);
    // The shell reads the agency per request.
    const layout = await json<{ viewer: { agency: { name: string } } }>(await appRequest("/dashboard", { cookie: w.cookies.agent, loaderOf: "routes/app/layout.tsx" }));
    expect(layout.viewer.agency.name).toBe("Sol Nascente Viagens");
  });

  it("refuses a stale save with the current values", async () => {
    const before = await agencyRow(w.agency.id);
    const res = await appRequest("/sistema/minha-agencia", { cookie: w.cookies.admin, form: profileForm(before!.version - 1, { name: "Outro Nome" }) });
    expect(res.status).toBe(409);
    expect((await json<{ current: { name: string; version: number } }>(res)).current).toMatchObject({ name: before!.name, version: before!.version });
    expect(await agencyRow(w.agency.id)).toEqual(before);
  });

  it("refuses hostile input with field errors and no change", async () => {
    const before = await agencyRow(w.agency.id);
    const other = await createAgency();
    const otherSlug = (await agencyRow(other.id))!.slug;
    const cases: [Record<string, string>, string][] = [
      [{ cnpj: "00.000.000/0000-00" }, "cnpj"],
      [{ postalCode: "1234" }, "postalCode"],
      [{ state: "São Paulo" }, "state"],
      [{ website: "javascript:alert(1)" }, "website"],
      [{ website: "https://user:pass@evil.example" }, "website"],
      [{ email: "<script>@x" }, "email"],
      [{ phone: "abc" }, "phone"],
      [{ slug: "UPPER case" }, "slug"],
      [{ slug: otherSlug }, "slug"],
      [{ timeZone: "../../etc/passwd" }, "timeZone"],
      [{ currency: "BR1" }, "currency"],
      [{ country: "Brasil" }, "country"],
      [{ name: "" }, "name"],
      [{ name: "n".repeat(121) }, "name"],
      [{ cadastur: "<b>1</b>" }, "cadastur"],
    ];
    for (const [change, field] of cases) {
      const res = await appRequest("/sistema/minha-agencia", { cookie: w.cookies.admin, form: profileForm(before!.version, change) });
      expect(res.status, field).toBe(400);
      expect(Object.keys((await json<{ result: { error: Record<string, string[]> } }>(res)).result.error), field).toContain(field);
    }
    expect(await agencyRow(w.agency.id)).toEqual(before);
  });

  it("changes only the viewer's own agency, whatever the form says", async () => {
    const other = await createAgency();
    const before = await agencyRow(other.id);
    const mine = await agencyRow(w.agency.id);
    const res = await appRequest("/sistema/minha-agencia", { cookie: w.cookies.admin, form: { ...profileForm(mine!.version, { name: "Só a Minha" }), agencyId: other.id, id: other.id } });
    expect(res.status).toBe(200);
    expect(await agencyRow(other.id)).toEqual(before);
    expect((await agencyRow(w.agency.id))!.name).toBe("Só a Minha");
  });

  it("uploads a logo checked by its bytes; the shell shows it; a disguised file is refused", async () => {
    const disguised = new File([new TextEncoder().encode("<svg onload=alert(1)>")], "logo.png", { type: "image/png" });
    const refused = await appRequest("/sistema/minha-agencia", { cookie: w.cookies.admin, form: { intent: "logo", logo: disguised } });
    expect(refused.status).toBe(400);
    expect(await json(refused)).toMatchObject({ logoError: "validation.fileType" });
    expect((await agencyRow(w.agency.id))!.logo_key).toBeNull();

    const big = new File([PNG, new Uint8Array(2 * 1024 * 1024)], "big.png", { type: "image/png" });
    expect((await appRequest("/sistema/minha-agencia", { cookie: w.cookies.admin, form: { intent: "logo", logo: big } })).status).toBe(400);

    // The browser's name and type do not matter: the bytes do.
    const png = new File([PNG], "logo.txt", { type: "text/plain" });
    const res = await appRequest("/sistema/minha-agencia", { cookie: w.cookies.admin, form: { intent: "logo", logo: png } });
    expect(res.status).toBe(200);
    const key = (await agencyRow(w.agency.id))!.logo_key!;
    expect(key).toMatch(new RegExp(`^agencies/${w.agency.id}/logos/.+\\.png$`));
    const object = await env.FILES.get(key);
    expect(object?.httpMetadata?.contentType).toBe("image/png");
    await object?.arrayBuffer();

    const layout = await json<{ viewer: { agency: { logoUrl: string } } }>(await appRequest("/dashboard", { cookie: w.cookies.agent, loaderOf: "routes/app/layout.tsx" }));
    expect(layout.viewer.agency.logoUrl).toMatch(new RegExp(`^/arquivos/logo/${w.agency.id}\\?v=`));
    const served = await appRequest(`/arquivos/logo/${w.agency.id}`);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    expect(await auditCount(w.agency.id, "agency")).toBeGreaterThanOrEqual(1);
  });

  it("saves the sales discount limit as basis points (12,5 → 1250), audited; empty is no limit; bad values are field errors; an Agente is refused", async () => {
    const limitOf = async () => (await env.DB.prepare("select max_discount_bp as bp, version from agency where id = ?").bind(w.agency.id).first<{ bp: number | null; version: number }>())!;
    const audits = () => env.DB.prepare("select changes from audit_entry where entity = 'agency' and entity_id = ? order by created_at, id").bind(w.agency.id).all<{ changes: string }>();
    const slug = (await agencyRow(w.agency.id))!.slug;
    const save = async (maxDiscount: string) =>
      appRequest("/sistema/minha-agencia", { cookie: w.cookies.admin, form: profileForm((await limitOf()).version, { name: (await agencyRow(w.agency.id))!.name, slug, maxDiscount }) });

    expect((await save("12,5")).status).toBe(200);
    expect((await limitOf()).bp).toBe(1250);
    expect(JSON.parse((await audits()).results.at(-1)!.changes)).toMatchObject({ maxDiscountBp: [null, 1250] });
    const page = await json<{ values: { maxDiscount: string } }>(await appRequest("/sistema/minha-agencia", { cookie: w.cookies.admin }));
    expect(page.values.maxDiscount).toBe("12,5");

    expect((await save("7.25")).status).toBe(200);
    expect((await limitOf()).bp).toBe(725);
    expect((await save("0")).status).toBe(200);
    expect((await limitOf()).bp).toBe(0);
    expect((await save("100")).status).toBe(200);
    expect((await limitOf()).bp).toBe(10_000);

    const before = await agencyRow(w.agency.id);
    for (const bad of ["100,5", "-5", "12,345", "dez", "1e3", "5%%"]) {
      const res = await save(bad);
      expect(res.status, bad).toBe(400);
      expect((await json<{ result: { error: Record<string, string[]> } }>(res)).result.error, bad).toEqual({ maxDiscount: ["agencyProfile.errors.maxDiscount"] });
    }
    expect(await agencyRow(w.agency.id)).toEqual(before);

    const refused = await appRequest("/sistema/minha-agencia", { cookie: w.cookies.agent, form: profileForm(before!.version, { name: before!.name, slug, maxDiscount: "90" }) });
    expect(refused.status).toBe(403);
    expect((await limitOf()).bp).toBe(10_000);

    expect((await save("")).status).toBe(200);
    expect((await limitOf()).bp).toBeNull();
    expect(JSON.parse((await audits()).results.at(-1)!.changes)).toEqual({ maxDiscountBp: [10_000, null] });
  });

  it("refuses a logo upload by an Agente with 403", async () => {
    const before = await agencyRow(w.agency.id);
    const res = await appRequest("/sistema/minha-agencia", { cookie: w.cookies.agent, form: { intent: "logo", logo: new File([PNG], "l.png", { type: "image/png" }) } });
    expect(res.status).toBe(403);
    expect(await agencyRow(w.agency.id)).toEqual(before);
  });
});

describe("Parametrização → E-mail", () => {
  let w: Awaited<ReturnType<typeof world>>;
  beforeAll(async () => {
    w = await world();
  }, 60_000);

  const smtpForm = (version: number, changes: Record<string, string> = {}) => ({
    intent: "save",
    version: String(version),
    senderName: "Agência Teste",
    senderEmail: "reservas@teste.example",
    replyTo: "atendimento@teste.example",
    transport: "smtp",
    smtpHost: "127.0.0.1",
    smtpPort: "9",
    smtpSecurity: "none",
    smtpUser: "mailer",
    smtpPassword: "correct horse battery staple",
    ...changes,
  });
  const settingsRow = () => env.DB.prepare("select * from email_settings where agency_id = ?").bind(w.agency.id).first<Record<string, unknown>>();

  it("stores the SMTP password encrypted and never returns it", async () => {
    const res = await appRequest("/parametrizacao/email", { cookie: w.cookies.admin, form: smtpForm(0) });
    const text = await res.text();
    expect(res.status).toBe(200);
    expect(text).not.toContain("correct horse");
    const row = await settingsRow();
    expect(row).toMatchObject({ transport: "smtp", smtp_host: "127.0.0.1", smtp_port: 9, smtp_user: "mailer", version: 1 });
    const stored = String(row!.smtp_password_enc);
    expect(stored).not.toContain("correct horse");
    expect(stored).toMatch(/^v1:/);
    expect(JSON.stringify(row)).not.toContain("correct horse");
    // It opens with the key, for this agency only.
    const ctx = { secret: DEV_KEY, purpose: "email-settings/smtp-password" };
    expect(await decryptSecret(stored, { ...ctx, aad: w.agency.id })).toBe("correct horse battery staple");
    expect(await decryptSecret(stored, { ...ctx, aad: crypto.randomUUID() })).toBeNull();

    for (const cookie of [w.cookies.admin, w.cookies.agent, w.cookies.super]) {
      const loaded = await appRequest("/parametrizacao/email", { cookie });
      const body = await loaded.text();
      expect(body).not.toContain("correct horse");
      expect(body).not.toContain(stored);
      expect(JSON.parse(body).settings).toMatchObject({ hasPassword: true, transport: "smtp" });
    }
    // An invalid save does not echo it either.
    const invalid = await appRequest("/parametrizacao/email", { cookie: w.cookies.admin, form: smtpForm(1, { smtpPort: "70000", smtpPassword: "another secret 123" }) });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).not.toContain("another secret");
    // The audit records that it changed, not what it is.
    const audit = await env.DB.prepare("select changes from audit_entry where entity = 'email_settings' and entity_id = ?").bind(w.agency.id).first<{ changes: string }>();
    expect(audit!.changes).toContain("smtpPassword");
    expect(audit!.changes).not.toContain("correct horse");
  });

  it("keeps the saved password when the field is left blank, and clears it on request", async () => {
    const before = await settingsRow();
    const res = await appRequest("/parametrizacao/email", { cookie: w.cookies.admin, form: smtpForm(before!.version as number, { smtpPassword: "", senderName: "Outro Nome" }) });
    expect(res.status).toBe(200);
    const kept = await settingsRow();
    expect(kept!.smtp_password_enc).toBe(before!.smtp_password_enc);
    expect(kept!.sender_name).toBe("Outro Nome");
    const stale = await appRequest("/parametrizacao/email", { cookie: w.cookies.admin, form: smtpForm(before!.version as number, { clearPassword: "on" }) });
    expect(stale.status).toBe(409);
    expect((await settingsRow())!.smtp_password_enc).toBe(before!.smtp_password_enc);
  });

  it("sends a test mail through the outbox and records a failed SMTP delivery honestly; retry counts attempts", async () => {
    const res = await appRequest("/parametrizacao/email", { cookie: w.cookies.admin, form: { intent: "test" } });
    expect(res.status).toBe(200);
    const body = await json<{ delivery: { status: string; error?: string }; toast: { title: string; variant: string } }>(res);
    expect(body.delivery.status).toBe("failed");
    expect(body.toast).toMatchObject({ title: "emailSettings.testFailed", variant: "destructive" });
    const mail = await env.DB.prepare("select id, status, attempts, last_error, to_address, kind from email_outbox where agency_id = ?").bind(w.agency.id).first<Record<string, unknown>>();
    expect(mail).toMatchObject({ status: "failed", attempts: 1, to_address: w.admin.email, kind: "test" });
    expect(String(mail!.last_error).length).toBeGreaterThan(0);

    const list = await json<{ outbox: { id: string; status: string; attempts: number; lastError: string }[] }>(await appRequest("/parametrizacao/email", { cookie: w.cookies.agent }));
    expect(list.outbox[0]).toMatchObject({ id: mail!.id, status: "failed", attempts: 1 });

    const retry = await appRequest("/parametrizacao/email", { cookie: w.cookies.admin, form: { intent: "retry", id: String(mail!.id) } });
    expect(retry.status).toBe(200);
    expect((await env.DB.prepare("select attempts from email_outbox where id = ?").bind(mail!.id).first<{ attempts: number }>())!.attempts).toBe(2);
    // An Agente may read but not retry.
    expect((await appRequest("/parametrizacao/email", { cookie: w.cookies.agent, form: { intent: "retry", id: String(mail!.id) } })).status).toBe(403);
  });

  it("with the local transport, a test mail stays in the outbox, delivered to nobody", async () => {
    const row = await settingsRow();
    const saved = await appRequest("/parametrizacao/email", { cookie: w.cookies.admin, form: { intent: "save", version: String(row!.version), transport: "local", smtpSecurity: "starttls" } });
    expect(saved.status).toBe(200);
    const res = await appRequest("/parametrizacao/email", { cookie: w.cookies.admin, form: { intent: "test" } });
    expect(await json(res)).toMatchObject({ delivery: { status: "local" }, toast: { title: "emailSettings.testStoredLocal" } });
  });

  it("keeps each agency's settings and outbox to itself", async () => {
    const other = await world();
    await appRequest("/parametrizacao/email", { cookie: other.cookies.admin, form: { intent: "test" } });
    const otherMail = await env.DB.prepare("select id from email_outbox where agency_id = ?").bind(other.agency.id).first<{ id: string }>();
    const res = await appRequest("/parametrizacao/email", { cookie: w.cookies.admin, form: { intent: "retry", id: otherMail!.id } });
    expect(res.status).toBe(404);
    const mine = await json<{ outbox: { id: string }[]; settings: { version: number } }>(await appRequest("/parametrizacao/email", { cookie: w.cookies.admin }));
    expect(mine.outbox.map((m) => m.id)).not.toContain(otherMail!.id);
    const theirs = await json<{ settings: { version: number; transport: string } }>(await appRequest("/parametrizacao/email", { cookie: other.cookies.admin }));
    expect(theirs.settings).toMatchObject({ version: 0, transport: "local" });
  });

  it("refuses hostile input with field errors and no change", async () => {
    const before = await settingsRow();
    const v = before!.version as number;
    const cases: [Record<string, string>, string][] = [
      [smtpForm(v, { smtpPort: "70000" }), "smtpPort"],
      [smtpForm(v, { smtpPort: "abc" }), "smtpPort"],
      [smtpForm(v, { smtpHost: "bad host;rm -rf" }), "smtpHost"],
      [smtpForm(v, { smtpHost: "" }), "smtpHost"],
      [smtpForm(v, { senderEmail: "" }), "senderEmail"],
      [smtpForm(v, { senderEmail: "x@" }), "senderEmail"],
      [smtpForm(v, { senderName: "Evil\r\nBcc: all@x.example" }), "senderName"],
      [smtpForm(v, { transport: "sendmail" }), "transport"],
      [smtpForm(v, { smtpSecurity: "ssl3" }), "smtpSecurity"],
      [smtpForm(v, { smtpPassword: "p".repeat(201) }), "smtpPassword"],
    ];
    for (const [form, field] of cases) {
      const res = await appRequest("/parametrizacao/email", { cookie: w.cookies.admin, form });
      expect(res.status, field).toBe(400);
      expect(Object.keys((await json<{ result: { error: Record<string, string[]> } }>(res)).result.error), field).toContain(field);
    }
    expect(await settingsRow()).toEqual(before);
  });
});

describe("Sobre and Histórico de Versões", () => {
  it("show the build, runtime and components, and the changelog as release notes", async () => {
    const user = await createUser({ role: "Agente" });
    const cookie = await signIn(user.email, user.password);
    const about = await json<{ version: string; commit: string | null; buildDate: string | null; environment: string; runtime: { compatibilityDate: string; compatibilityFlags: string[] }; components: { name: string; version: string }[] }>(
      await appRequest("/sistema/sobre", { cookie }),
    );
    expect(about.version).toBe(packageJson.version);
    expect(about.commit).toBeNull();
    expect(about.buildDate).toBeNull();
    expect(about.environment).toBe("test");
    expect(about.runtime).toEqual({ compatibilityDate: "2026-10-01", compatibilityFlags: ["nodejs_compat"] });
    expect(about.components.map((c) => c.name)).toEqual(["React", "React Router", "drizzle-orm", "better-auth", "partyserver", "i18next", "Radix Themes"]);
    for (const c of about.components) expect(c.version).toMatch(/^\d+\.\d+\.\d+/);

    const history = await json<{ releases: { version: string; unreleased: boolean; date: string | null; sections: { title: string }[] }[] }>(
      await appRequest("/sistema/historico-versoes", { cookie }),
    );
    expect(history.releases[0]).toMatchObject({ version: "Unreleased", unreleased: true });
    expect(history.releases).toContainEqual(expect.objectContaining({ version: "0.1.0", date: "2026-11-21" }));
    expect(history.releases.find((r) => r.version === "0.1.0")!.sections.map((s) => s.title)).toContain("Added");
  });
});
