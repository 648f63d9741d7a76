/**
 * The clients' CSV import (/cadastros/clientes/importar) through the real route,
 * middleware and action on the real local D1: the all-or-nothing check, "import
 * the valid rows only", duplicates against the agency and inside the file, bad
 * headers and encodings, the role rule, tenant isolation, and export → delete →
 * import giving back the same client.
 */
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { formatCpf, generateCpf, mulberry32 } from "~/lib/platform/br-documents";
import { CLIENT_CSV_COLUMNS } from "~/lib/registers/client";
import type { ImportReport } from "~/lib/registers/client.server";
import { appRequest, json } from "./harness";
import { createAgency, createUser, seedDemo, signIn } from "./fixtures";

const LIST = "/cadastros/clientes";
const IMPORT = `${LIST}/importar`;
const location = (res: Response) => res.headers.get("Location");

const rng = mulberry32(0x1a9017);
const nextCpf = () => generateCpf(rng);
let serial = 0;
const uniq = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;

type Session = { id: string; name: string; cookie: string; userId: string };
async function agencyWith(role: string, name?: string): Promise<Session> {
  const agency = await createAgency(name);
  const user = await createUser({ role, agencyId: agency.id, name: `${role} da ${agency.name}` });
  return { ...agency, cookie: await signIn(user.email), userId: user.id };
}

type Row = Record<string, unknown> & { id: string; agency_id: string; name: string; document: string | null; deleted_at: string | null };
const rowsOf = async (agencyId: string) => (await env.DB.prepare("select * from client where agency_id = ? order by id").bind(agencyId).all<Row>()).results;
const auditsOf = async (agencyId: string) =>
  (
    await env.DB.prepare("select entity_id, user_id, action, changes from audit_entry where agency_id = ? and entity = 'client' order by created_at, id")
      .bind(agencyId)
      .all<{ entity_id: string; user_id: string; action: string; changes: string }>()
  ).results;
const registerCount = async (agencyId: string) =>
  (await env.DB.prepare("select live from register_count where agency_id = ? and entity = 'client'").bind(agencyId).first<{ live: number }>())?.live ?? 0;

/** Everything an import could change in an agency. */
const snapshot = async (agencyId: string) => ({ rows: await rowsOf(agencyId), audits: await auditsOf(agencyId), count: await registerCount(agencyId) });

/** A CSV text (";" separated, CRLF) from records keyed by column; the header lists `columns`. */
function csv(records: Record<string, string>[], columns: readonly string[] = CLIENT_CSV_COLUMNS, bom = true) {
  const cell = (v: string) => (/[;"\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = [columns.join(";"), ...records.map((r) => columns.map((c) => cell(r[c] ?? "")).join(";"))];
  return `${bom ? "\uFEFF" : ""}${lines.join("\r\n")}\r\n`;
}
const file = (content: string | Uint8Array<ArrayBuffer>, name = "clientes.csv") => new File([content], name, { type: "text/csv" });

function person(overrides: Record<string, string> = {}): Record<string, string> {
  const tag = uniq();
  return {
    kind: "PF",
    name: `Importada ${tag}`,
    document: formatCpf(nextCpf()),
    emails: `importada.${tag}@example.com`,
    phones: "(11) 98765-4321*",
    postalCode: "01310-100",
    city: "São Paulo",
    state: "SP",
    birthDate: "31/12/1990",
    tags: "vip|excursões",
    marketingConsent: "sim",
    ...overrides,
  };
}

type Answer = { error?: string; report?: ImportReport; mode?: string };
async function upload(cookie: string, content: string | Uint8Array<ArrayBuffer>, mode: "check" | "validOnly" = "check") {
  return appRequest(IMPORT, { cookie, form: { file: file(content), mode } });
}

let A: Session;
let B: Session;

beforeAll(async () => {
  await seedDemo();
  A = await agencyWith("Admin", "Agência Alfa Importa");
  B = await agencyWith("Admin", "Agência Beta Importa");
});

describe("CSV import of clients", () => {
  it("check mode: 3 valid rows and 1 with a bad CPF → 422 naming line and field, and nothing is written; validOnly writes the 3 with audit entries", async () => {
    const rows = [person({ name: "Primeira Válida" }), person({ name: "Segunda Válida" }), person({ name: "CPF Errado", document: "123.456.789-00" }), person({ name: "Quarta Válida" })];
    const content = csv(rows);
    const before = await snapshot(B.id);

    const res = await upload(B.cookie, content, "check");
    expect(res.status).toBe(422);
    const body = await json<Answer>(res);
    expect(body.mode).toBe("check");
    expect(body.report).toEqual({
      total: 4,
      valid: 3,
      imported: 0,
      invalid: [{ line: 4, name: "CPF Errado", errors: [{ field: "document", message: "registers.errors.cpf" }] }],
    });
    expect(await snapshot(B.id)).toEqual(before);

    const done = await upload(B.cookie, content, "validOnly");
    expect(done.status).toBe(302);
    expect(location(done)).toBe(`${LIST}?sort=createdAt&dir=desc`);
    expect(done.headers.getSetCookie().some((c) => c.startsWith("rota_flash="))).toBe(true);

    const after = await rowsOf(B.id);
    const added = after.filter((r) => !before.rows.some((b) => b.id === r.id));
    expect(added.map((r) => r.name).sort()).toEqual(["Primeira Válida", "Quarta Válida", "Segunda Válida"]);
    for (const r of added) {
      const source = rows.find((x) => x.name === r.name)!;
      expect(r).toMatchObject({
        agency_id: B.id,
        kind: "person",
        document: source.document!.replace(/\D/g, ""),
        postal_code: "01310100",
        birth_date: "1990-12-31",
        marketing_consent: 1,
        created_by: B.userId,
        deleted_at: null,
        version: 1,
      });
      expect(JSON.parse(r.phones as string)).toEqual([{ number: "11987654321", whatsapp: true }]);
      expect(JSON.parse(r.tags as string)).toEqual(["vip", "excursões"]);
      expect(r.search_text).toContain(source.document!.replace(/\D/g, ""));
    }
    expect(await registerCount(B.id)).toBe(before.count + 3);
    const audits = (await auditsOf(B.id)).slice(before.audits.length);
    expect(audits.map((a) => [a.entity_id, a.action, a.user_id]).sort()).toEqual(added.map((r) => [r.id, "create", B.userId]).sort());
    for (const a of audits) expect(JSON.parse(a.changes)).toMatchObject({ import: [null, true] });
  });

  it("reports a row whose CPF or e-mail an agency client already has, and one repeating another row of the file", async () => {
    const existingCpf = nextCpf();
    const existingEmail = `existente.${uniq()}@example.com`;
    const seeded = await upload(B.cookie, csv([person({ name: "Já Existe", document: existingCpf, emails: existingEmail })]));
    expect(seeded.status).toBe(302);
    const repeatedCpf = formatCpf(nextCpf());
    const repeatedEmail = `repetido.${uniq()}@example.com`;
    const content = csv([
      person({ name: "Nova Um" }),
      person({ name: "Mesmo CPF do Cadastro", document: formatCpf(existingCpf) }),
      person({ name: "Mesmo E-mail do Cadastro", emails: existingEmail.toUpperCase() }),
      person({ name: "Dono do CPF", document: repeatedCpf, emails: repeatedEmail }),
      person({ name: "Repete CPF", document: repeatedCpf.replace(/\D/g, "") }),
      person({ name: "Repete E-mail", emails: ` ${repeatedEmail} ` }),
    ]);
    const before = await snapshot(B.id);
    const res = await upload(B.cookie, content, "check");
    expect(res.status).toBe(422);
    const { report } = await json<Answer>(res);
    expect(report).toMatchObject({ total: 6, valid: 2, imported: 0 });
    expect(report!.invalid).toEqual([
      { line: 3, name: "Mesmo CPF do Cadastro", errors: [{ field: "document", message: "registers.import.exists" }] },
      { line: 4, name: "Mesmo E-mail do Cadastro", errors: [{ field: "emails", message: "registers.import.exists" }] },
      { line: 6, name: "Repete CPF", errors: [{ field: "document", message: "registers.import.duplicateInFile" }] },
      { line: 7, name: "Repete E-mail", errors: [{ field: "emails", message: "registers.import.duplicateInFile" }] },
    ]);
    expect(await snapshot(B.id)).toEqual(before);

    // Only the two clean rows go in with validOnly.
    expect((await upload(B.cookie, content, "validOnly")).status).toBe(302);
    const added = (await rowsOf(B.id)).filter((r) => !before.rows.some((b) => b.id === r.id));
    expect(added.map((r) => r.name).sort()).toEqual(["Dono do CPF", "Nova Um"]);
  });

  it("refuses a wrong header, an empty file, a missing file and a non-UTF-8 file with 400, writing nothing", async () => {
    const before = await snapshot(B.id);
    const cases: [string | Uint8Array<ArrayBuffer>, string][] = [
      [csv([person()], [...CLIENT_CSV_COLUMNS, "senha"]), "registers.import.errors.header"],
      [csv([person()], CLIENT_CSV_COLUMNS.filter((c) => c !== "name")), "registers.import.errors.header"],
      ["nome;cpf;email\r\nFulano;52998224725;f@example.com\r\n", "registers.import.errors.header"],
      [csv([]), "registers.import.errors.empty"],
      // "João" in Latin-1 (Excel's "CSV" in some locales): not UTF-8.
      [Uint8Array.from([...new TextEncoder().encode("kind;name\r\nperson;Jo"), 0xe3, ...new TextEncoder().encode("o\r\n")]), "registers.import.errors.encoding"],
      [Uint8Array.from([0xff, 0xfe, 0x6e, 0x00, 0x61, 0x00]), "registers.import.errors.encoding"],
    ];
    for (const [content, error] of cases) {
      const res = await upload(B.cookie, content);
      expect(res.status, error).toBe(400);
      expect(await json<Answer>(res), error).toEqual({ error });
    }
    const none = await appRequest(IMPORT, { cookie: B.cookie, form: { mode: "check" } });
    expect(none.status).toBe(400);
    expect(await json<Answer>(none)).toEqual({ error: "registers.import.errors.noFile" });
    expect(await snapshot(B.id)).toEqual(before);
  });

  it("is for Admins only: an Agente is sent away on GET and refused (403) on POST, and nothing is written", async () => {
    const agente = await createUser({ role: "Agente", agencyId: B.id, name: "Agente Beta" });
    const cookie = await signIn(agente.email);
    const get = await appRequest(IMPORT, { cookie });
    expect(get.status).toBe(302);
    expect(location(get)).toBe("/dashboard");
    const before = await snapshot(B.id);
    for (const mode of ["check", "validOnly"] as const) {
      const res = await upload(cookie, csv([person({ name: "Do Agente" })]), mode);
      expect(res.status).toBe(403);
    }
    expect(await snapshot(B.id)).toEqual(before);
    // The list tells the screen not to offer it.
    expect(await json(await appRequest(LIST, { cookie }))).toMatchObject({ canImport: false });
    expect(await json(await appRequest(LIST, { cookie: B.cookie }))).toMatchObject({ canImport: true });
  });

  it("writes only into the importer's agency, even with another agency's CPF and e-mail", async () => {
    const cpf = nextCpf();
    const email = `compartilhado.${uniq()}@example.com`;
    expect((await upload(A.cookie, csv([person({ name: "Cliente de Alfa", document: cpf, emails: email })]))).status).toBe(302);
    const beforeA = await snapshot(A.id);
    const beforeB = await snapshot(B.id);
    const res = await upload(B.cookie, csv([person({ name: "Cliente de Beta", document: cpf, emails: email }), person({ name: "Outro de Beta" })]));
    expect(res.status).toBe(302);
    expect(await snapshot(A.id)).toEqual(beforeA);
    const added = (await rowsOf(B.id)).filter((r) => !beforeB.rows.some((b) => b.id === r.id));
    expect(added.map((r) => [r.name, r.agency_id]).sort()).toEqual([
      ["Cliente de Beta", B.id],
      ["Outro de Beta", B.id],
    ]);
    expect(added.find((r) => r.name === "Cliente de Beta")!.document).toBe(cpf);
  });

  it("numbers the report by the sheet's rows when the sheet has an empty row (Excel saves it as ';;;…')", async () => {
    const [header, first, second] = csv([person({ name: "Linha Dois" }), person({ name: "Linha Quatro", document: "111.111.111-11" })]).split("\r\n");
    const emptyRow = ";".repeat(CLIENT_CSV_COLUMNS.length - 1);
    const res = await upload(B.cookie, [header, first, emptyRow, second, ""].join("\r\n"));
    expect(res.status).toBe(422);
    const { report } = await json<Answer>(res);
    // Row 1 the header, row 2 "Linha Dois", row 3 empty, row 4 "Linha Quatro".
    expect(report!.invalid.map((r) => [r.line, r.name])).toEqual([[4, "Linha Quatro"]]);
  });
});

describe("export → delete → import round trip", () => {
  const COLUMNS = [
    "kind",
    "name",
    "trade_name",
    "document",
    "rg",
    "rg_issuer",
    "passport_number",
    "passport_country",
    "passport_expiry",
    "nationality",
    "birth_date",
    "emails",
    "phones",
    "postal_code",
    "street",
    "number",
    "complement",
    "district",
    "city",
    "state",
    "country",
    "emergency_contact_name",
    "emergency_contact_phone",
    "tags",
    "notes",
    "marketing_consent",
    "search_text",
  ];
  const fields = (r: Row) => Object.fromEntries(COLUMNS.map((c) => [c, r[c]]));

  async function roundTrip(form: Record<string, string>) {
    const created = await appRequest(`${LIST}/novo`, { cookie: B.cookie, form });
    expect(created.status, await created.clone().text()).toBe(302);
    const id = location(created)!.split("/").pop()!;
    const original = (await env.DB.prepare("select * from client where id = ?").bind(id).first<Row>())!;

    const exported = await appRequest(`${LIST}/exportar?q=${encodeURIComponent(form.name!)}`, { cookie: B.cookie });
    expect(exported.status).toBe(200);
    const bytes = new Uint8Array(await exported.arrayBuffer());
    expect(new TextDecoder().decode(bytes).split("\r\n").filter(Boolean)).toHaveLength(2);

    const deleted = await appRequest(`${LIST}/editar/${id}`, { cookie: B.cookie, form: { intent: "delete" } });
    expect(deleted.status).toBe(302);

    const imported = await upload(B.cookie, bytes);
    expect(imported.status, await imported.clone().text()).toBe(302);
    const again = (await rowsOf(B.id)).filter((r) => r.name === original.name && r.deleted_at === null);
    expect(again).toHaveLength(1);
    expect(again[0]!.id).not.toBe(id);
    return { original, again: again[0]! };
  }

  it("gives back the same client (every field)", async () => {
    const tag = uniq();
    const { original, again } = await roundTrip({
      kind: "person",
      name: `Rosângela Ida e Volta ${tag}`,
      tradeName: "Rô",
      document: formatCpf(nextCpf()),
      rg: "12.345.678-9",
      rgIssuer: "SSP/SP",
      passportNumber: "fz123456",
      passportCountry: "br",
      passportExpiry: "2031-07-15",
      nationality: "brasileira",
      birthDate: "1975-03-09",
      "emails[0]": `rosangela.${tag}@example.com`,
      "emails[1]": `ro.${tag}@example.org`,
      "phones[0].number": "(11) 98765-4321",
      "phones[0].whatsapp": "on",
      "phones[1].number": "(21) 3456-7890",
      postalCode: "30130-010",
      street: "Rua da Bahia; bloco \"B\"",
      number: "1200",
      complement: "apto 501",
      district: "Centro",
      city: "Belo Horizonte",
      state: "mg",
      country: "BR",
      emergencyContactName: "João Filho",
      emergencyContactPhone: "(31) 99876-5432",
      tags: "vip, excursões, melhor idade",
      notes: "Viaja com cadeira de rodas.\nPrefere assento no corredor.",
      marketingConsent: "on",
    });
    expect(fields(again)).toEqual(fields(original));
  });

  it("gives back a foreign phone and notes that start like a formula (the export's formula escaping is undone on import)", async () => {
    const tag = uniq();
    const { original, again } = await roundTrip({
      kind: "person",
      name: `Martín Extranjero ${tag}`,
      passportNumber: "AAB123456",
      passportCountry: "AR",
      nationality: "argentina",
      "emails[0]": `martin.${tag}@example.com.ar`,
      "phones[0].number": "+54 11 4321-0000",
      emergencyContactPhone: "+54 9 11 5555-0000",
      city: "Buenos Aires",
      country: "AR",
      postalCode: "C1043",
      notes: "- alérgico a amendoim",
    });
    expect(fields(again)).toEqual(fields(original));
  });
});
