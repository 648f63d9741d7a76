import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateCnpj, generateCpf, mulberry32 } from "~/lib/platform/br-documents";
import { agentListSpec, agentToCsvRow, AGENT_CSV_COLUMNS, bpsToPercentText, formatCommission, normalizePixKey, parsePercentToBps } from "~/lib/registers/agent";
import { agentEditSchema, agentSchema, isValidPixKey } from "~/lib/registers/agent.schema";
import { parseListQuery } from "~/lib/kit/list";

const rng = mulberry32(424242);
const cpf = generateCpf(rng);
const cnpj = generateCnpj(rng);
const masked = (d: string) => (d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`);

const base = { name: "Bruno Lima", commissionRule: "sale_percent" };
const parse = (input: Record<string, unknown>) => agentSchema.safeParse({ ...base, ...input });
const errorsOf = (input: Record<string, unknown>) => {
  const r = parse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("commission percentages", () => {
  it.each([
    ["5", 500],
    ["2,5", 250],
    ["2.5", 250],
    ["2,75", 275],
    ["0", 0],
    ["0,01", 1],
    ["100", 10_000],
    ["12,5 %", 1250],
    ["3%", 300],
    [" 7 ", 700],
  ])("%s → %i bps", (text, bps) => expect(parsePercentToBps(text)).toBe(bps));

  it.each(["", "-1", "100,01", "101", "2,555", "abc", "1e2", "5,", ",5", "1.000", "NaN", "Infinity"])("refuses %j", (text) => {
    expect(parsePercentToBps(text)).toBeNull();
  });

  it("shows basis points back as typed in pt-BR, and round-trips", () => {
    expect(bpsToPercentText(500)).toBe("5");
    expect(bpsToPercentText(250)).toBe("2,5");
    expect(bpsToPercentText(275)).toBe("2,75");
    expect(bpsToPercentText(1)).toBe("0,01");
    expect(bpsToPercentText(10_000)).toBe("100");
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (bps) => parsePercentToBps(bpsToPercentText(bps)) === bps),
      { numRuns: 1000 },
    );
  });

  it("formats for display per language", () => {
    expect(formatCommission(500, "pt-BR").replace(/\s/g, " ")).toBe("5%");
    expect(formatCommission(250, "pt-BR")).toBe("2,5%");
    expect(formatCommission(250, "en")).toBe("2.5%");
  });
});

describe("Pix keys", () => {
  it("checks each type", () => {
    expect(isValidPixKey("cpf", cpf)).toBe(true);
    expect(isValidPixKey("cpf", masked(cpf))).toBe(true);
    expect(isValidPixKey("cpf", "123.456.789-00")).toBe(false);
    expect(isValidPixKey("cpf", cnpj)).toBe(false);
    expect(isValidPixKey("cnpj", masked(cnpj))).toBe(true);
    expect(isValidPixKey("cnpj", "11.111.111/1111-11")).toBe(false);
    expect(isValidPixKey("email", "Pix@Agencia.com.br")).toBe(true);
    expect(isValidPixKey("email", "not-an-email")).toBe(false);
    expect(isValidPixKey("phone", "(11) 91234-5678")).toBe(true);
    expect(isValidPixKey("phone", "+55 11 91234-5678")).toBe(true);
    expect(isValidPixKey("phone", "+55 11 1234")).toBe(false);
    expect(isValidPixKey("phone", "+54 11 4321-0000")).toBe(true);
    expect(isValidPixKey("phone", "12345")).toBe(false);
    expect(isValidPixKey("random", "123e4567-e89b-42d3-a456-426614174000")).toBe(true);
    expect(isValidPixKey("random", "123E4567-E89B-42D3-A456-426614174000")).toBe(true);
    expect(isValidPixKey("random", "123e4567e89b42d3a456426614174000")).toBe(false);
    expect(isValidPixKey("random", cpf)).toBe(false);
  });

  it("normalises for storage", () => {
    expect(normalizePixKey("cpf", masked(cpf))).toBe(cpf);
    expect(normalizePixKey("email", " Pix@Agencia.com.br ")).toBe("pix@agencia.com.br");
    expect(normalizePixKey("phone", "(11) 91234-5678")).toBe("+5511912345678");
    expect(normalizePixKey("random", "123E4567-E89B-42D3-A456-426614174000")).toBe("123e4567-e89b-42d3-a456-426614174000");
  });
});

describe("agent schema", () => {
  it("accepts a minimal reseller with 0 % commission", () => {
    const r = parse({});
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ name: "Bruno Lima", document: null, email: null, phone: null, userId: null, commissionRule: "sale_percent", commission: 0, pixKeyType: null, pixKey: null, notes: null });
  });

  it("normalises a full agent", () => {
    const r = parse({
      name: "  Bruno   Lima ",
      document: masked(cpf),
      email: " Bruno@Sol.Example ",
      phone: "(11) 91234-5678",
      userId: "0190a000-0000-7000-8000-000000000103",
      commissionRule: "margin_percent",
      commission: "2,5",
      pixKeyType: "cnpj",
      pixKey: masked(cnpj),
      notes: "Loja",
    });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({
      document: cpf,
      email: "bruno@sol.example",
      phone: "11912345678",
      userId: "0190a000-0000-7000-8000-000000000103",
      commissionRule: "margin_percent",
      commission: 250,
      pixKeyType: "cnpj",
      pixKey: cnpj,
    });
  });

  it("tells CPF from CNPJ by digit count and checks the check digits", () => {
    expect(parse({ document: cnpj }).data?.document).toBe(cnpj);
    expect(errorsOf({ document: "123.456.789-00" })).toEqual({ document: "registers.errors.cpf" });
    expect(errorsOf({ document: "11.222.333/0001-00" })).toEqual({ document: "registers.errors.cnpj" });
    expect(errorsOf({ document: "12345" })).toEqual({ document: "registers.errors.document" });
    expect(errorsOf({ document: `${cpf}x` })).toEqual({ document: "registers.errors.document" });
  });

  it("refuses a bad commission, rule, Pix pair or user id", () => {
    expect(errorsOf({ commission: "150" })).toEqual({ commission: "registers.errors.percent" });
    expect(errorsOf({ commission: "-5" })).toEqual({ commission: "registers.errors.percent" });
    expect(errorsOf({ commissionRule: "fixed" })).toEqual({ commissionRule: "validation.invalid" });
    expect(errorsOf({ commissionRule: undefined })).toEqual({ commissionRule: "validation.invalid" });
    expect(errorsOf({ pixKey: cpf })).toEqual({ pixKeyType: "agents.errors.pixKeyType" });
    expect(errorsOf({ pixKeyType: "cpf" })).toEqual({ pixKey: "agents.errors.pixKeyMissing" });
    expect(errorsOf({ pixKeyType: "cpf", pixKey: cnpj })).toEqual({ pixKey: "registers.errors.pixKey" });
    expect(errorsOf({ pixKeyType: "bitcoin", pixKey: "x" })).toMatchObject({ pixKeyType: "validation.invalid" });
    expect(errorsOf({ userId: "../etc" })).toEqual({ userId: "validation.invalid" });
    expect(errorsOf({ name: "  " })).toEqual({ name: "validation.required" });
    expect(errorsOf({ email: "nope" })).toEqual({ email: "validation.email" });
  });

  it("needs the version to edit", () => {
    expect(agentEditSchema.safeParse({ ...base }).success).toBe(false);
    expect(agentEditSchema.safeParse({ ...base, version: "3" }).data?.version).toBe(3);
  });

  it("never throws on arbitrary input", () => {
    const value = fc.oneof(fc.string(), fc.string({ unit: "binary", maxLength: 300 }), fc.constant(undefined), fc.array(fc.string(), { maxLength: 3 }), fc.integer(), fc.constant(null));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("name", "document", "email", "phone", "userId", "commissionRule", "commission", "pixKeyType", "pixKey", "notes", "version"), value), (input) => {
        const r = agentEditSchema.safeParse(input);
        if (r.success) {
          expect(r.data.commission).toBeGreaterThanOrEqual(0);
          expect(r.data.commission).toBeLessThanOrEqual(10_000);
          expect(r.data.document === null || /^[0-9]{11}$|^[0-9]{14}$/.test(r.data.document)).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});

describe("agent list and CSV", () => {
  it("keeps only known filters and sorts", () => {
    const q = parseListQuery(new URLSearchParams("rule=margin_percent&linked=internal&sort=createdAt&dir=desc"), agentListSpec);
    expect(q).toMatchObject({ sort: "createdAt", dir: "desc", filters: { rule: "margin_percent", linked: "internal" } });
    const bad = parseListQuery(new URLSearchParams("rule=x&linked=y&sort=email"), agentListSpec);
    expect(bad).toMatchObject({ sort: "name", filters: {} });
  });

  it("writes every column", () => {
    const row = agentToCsvRow({
      name: "Ana",
      document: cpf,
      email: null,
      phone: null,
      userName: "Ana Souza",
      userEmail: "ana@sol.example",
      commissionRule: "sale_percent",
      commissionBps: 250,
      pixKeyType: null,
      pixKey: null,
      notes: null,
    });
    expect(Object.keys(row)).toEqual([...AGENT_CSV_COLUMNS]);
    expect(row).toMatchObject({ document: cpf, linkedUser: "Ana Souza", commissionPercent: "2,5", pixKey: "" });
  });
});
