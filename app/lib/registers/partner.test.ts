import { parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { generateCnpj, generateCpf, mulberry32 } from "~/lib/platform/br-documents";
import { MAX_CONTACTS, partnerErr, partnerToCsvRow, PROVIDER_CSV_COLUMNS, SUPPLIER_CSV_COLUMNS } from "~/lib/registers/partner";
import { normalizePixKey, providerEditSchema, providerSchema, supplierEditSchema, supplierSchema } from "~/lib/registers/partner.schema";
import { regErr } from "~/lib/kit/fields";

const rng = mulberry32(424242);
const CPF = generateCpf(rng);
const CNPJ = generateCnpj(rng);
const wrongDigit = (doc: string) => doc.slice(0, -1) + String((Number(doc.at(-1)) + 1) % 10);

const base = { kind: "company", name: "Hotel Vale das Hortênsias Ltda.", category: "hotel" };

/** The issues of a parse, as "path: message". */
function issues(input: Record<string, unknown>, schema: typeof supplierSchema | typeof providerSchema = supplierSchema) {
  const r = schema.safeParse({ ...base, ...input });
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}
const value = (input: Record<string, unknown>) => supplierSchema.parse({ ...base, ...input });

describe("supplier and provider schema", () => {
  it("accepts the minimum and fills the defaults", () => {
    expect(value({})).toMatchObject({ kind: "company", name: base.name, category: "hotel", document: null, contacts: [], country: "BR", pixKey: null, pixKeyType: null, bankCode: null, bankAccountType: null, website: null });
  });

  it("requires a name, a known kind and a known category", () => {
    expect(issues({ name: "  " })).toEqual([`name: validation.required`]);
    expect(issues({ kind: "robot" })).toEqual(["kind: validation.invalid"]);
    expect(issues({ category: "spaceline" })).toEqual(["category: validation.invalid"]);
    expect(issues({ category: undefined })).toEqual(["category: validation.required"]);
  });

  describe("document per kind", () => {
    it("takes a CNPJ for a company and a CPF for a person, stored as digits", () => {
      expect(value({ document: `${CNPJ.slice(0, 2)}.${CNPJ.slice(2, 5)}.${CNPJ.slice(5, 8)}/${CNPJ.slice(8, 12)}-${CNPJ.slice(12)}` }).document).toBe(CNPJ);
      expect(value({ kind: "person", document: `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}` }).document).toBe(CPF);
    });
    it("refuses wrong check digits and the other kind's document", () => {
      expect(issues({ document: wrongDigit(CNPJ) })).toEqual([`document: ${regErr.cnpj}`]);
      expect(issues({ kind: "person", document: wrongDigit(CPF) })).toEqual([`document: ${regErr.cpf}`]);
      expect(issues({ document: CPF })).toEqual([`document: ${regErr.cnpj}`]);
      expect(issues({ kind: "person", document: CNPJ })).toEqual([`document: ${regErr.cpf}`]);
      expect(issues({ document: "11111111111111" })).toEqual([`document: ${regErr.cnpj}`]);
    });
  });

  describe("Pix key per type", () => {
    it("stores CPF and CNPJ keys as digits when their check digits hold", () => {
      expect(value({ pixKeyType: "cnpj", pixKey: CNPJ }).pixKey).toBe(CNPJ);
      expect(value({ pixKeyType: "cpf", pixKey: `${CPF.slice(0, 3)}.${CPF.slice(3, 6)}.${CPF.slice(6, 9)}-${CPF.slice(9)}` }).pixKey).toBe(CPF);
      expect(issues({ pixKeyType: "cnpj", pixKey: wrongDigit(CNPJ) })).toEqual([`pixKey: ${regErr.pixKey}`]);
      expect(issues({ pixKeyType: "cpf", pixKey: wrongDigit(CPF) })).toEqual([`pixKey: ${regErr.pixKey}`]);
      expect(issues({ pixKeyType: "cpf", pixKey: CNPJ })).toEqual([`pixKey: ${regErr.pixKey}`]);
      expect(issues({ pixKeyType: "cnpj", pixKey: `${CNPJ}x` })).toEqual([`pixKey: ${regErr.pixKey}`]);
    });
    it("stores e-mail keys lower-cased, up to the Banco Central's 77 characters", () => {
      expect(value({ pixKeyType: "email", pixKey: " Financeiro@Hotel.Example " }).pixKey).toBe("financeiro@hotel.example");
      expect(issues({ pixKeyType: "email", pixKey: "financeiro@" })).toEqual([`pixKey: ${regErr.pixKey}`]);
      expect(issues({ pixKeyType: "email", pixKey: `${"a".repeat(70)}@hotel.example` })).toEqual([`pixKey: ${regErr.pixKey}`]);
    });
    it("stores phone keys in E.164, Brazilian numbers with a real area code", () => {
      expect(value({ pixKeyType: "phone", pixKey: "(11) 91234-5678" }).pixKey).toBe("+5511912345678");
      expect(value({ pixKeyType: "phone", pixKey: "+55 54 3286-1000" }).pixKey).toBe("+555432861000");
      expect(value({ pixKeyType: "phone", pixKey: "+351 912 345 678" }).pixKey).toBe("+351912345678");
      expect(issues({ pixKeyType: "phone", pixKey: "(00) 91234-5678" })).toEqual([`pixKey: ${regErr.pixKey}`]);
      expect(issues({ pixKeyType: "phone", pixKey: "1234" })).toEqual([`pixKey: ${regErr.pixKey}`]);
      expect(issues({ pixKeyType: "phone", pixKey: "fone 11 91234-5678" })).toEqual([`pixKey: ${regErr.pixKey}`]);
    });
    it("takes a UUID as the random key, lower-cased", () => {
      expect(value({ pixKeyType: "random", pixKey: "123E4567-E89B-42D3-A456-426614174000" }).pixKey).toBe("123e4567-e89b-42d3-a456-426614174000");
      expect(issues({ pixKeyType: "random", pixKey: "123e4567e89b42d3a456426614174000" })).toEqual([`pixKey: ${regErr.pixKey}`]);
      expect(issues({ pixKeyType: "random", pixKey: "chave-aleatoria" })).toEqual([`pixKey: ${regErr.pixKey}`]);
    });
    it("needs both the type and the key, and refuses unknown types", () => {
      expect(issues({ pixKey: "financeiro@hotel.example" })).toEqual([`pixKeyType: ${partnerErr.pixKeyType}`]);
      expect(issues({ pixKeyType: "email" })).toEqual([`pixKey: ${partnerErr.pixKeyMissing}`]);
      expect(issues({ pixKeyType: "boleto", pixKey: "x" })).toEqual(["pixKeyType: validation.invalid"]);
      expect(value({ pixKeyType: "", pixKey: "" })).toMatchObject({ pixKeyType: null, pixKey: null });
    });
    it("never accepts a key that normalizePixKey refuses, and normalising twice changes nothing (property)", () => {
      const types = ["cpf", "cnpj", "email", "phone", "random"] as const;
      fc.assert(
        fc.property(fc.constantFrom(...types), fc.string({ maxLength: 60 }), (type, key) => {
          const parsed = supplierSchema.safeParse({ ...base, pixKeyType: type, pixKey: key });
          const normal = normalizePixKey(type, key);
          if (key.trim() === "") return;
          expect(parsed.success).toBe(normal !== null);
          if (normal !== null) expect(normalizePixKey(type, normal)).toBe(normal);
        }),
        { numRuns: 1000 },
      );
    });
  });

  describe("bank data", () => {
    const bank = { bankCode: "341", bankBranch: "1234", bankAccount: "12345-x", bankAccountType: "checking" };
    it("takes a 3-digit bank code with branch and account", () => {
      expect(value(bank)).toMatchObject({ bankCode: "341", bankBranch: "1234", bankAccount: "12345-X", bankAccountType: "checking" });
    });
    it("refuses a bank code that is not 3 digits", () => {
      for (const bankCode of ["1", "0001", "ab1", "34 1"]) expect(issues({ ...bank, bankCode })).toEqual([`bankCode: ${regErr.bankCode}`]);
    });
    it("refuses malformed branches and accounts, unknown account types", () => {
      expect(issues({ ...bank, bankBranch: "12a4" })).toEqual([`bankBranch: ${partnerErr.bankBranch}`]);
      expect(issues({ ...bank, bankAccount: "12.345-6" })).toEqual([`bankAccount: ${partnerErr.bankAccount}`]);
      expect(issues({ ...bank, bankAccountType: "gold" })).toEqual(["bankAccountType: validation.invalid"]);
    });
    it("asks for bank, branch and account together", () => {
      expect(issues({ bankCode: "001" })).toEqual([`bankBranch: ${partnerErr.bankIncomplete}`, `bankAccount: ${partnerErr.bankIncomplete}`]);
      expect(issues({ bankAccountType: "savings" }).length).toBe(3);
    });
  });

  it("normalises website, state and phone", () => {
    expect(value({ website: "www.hotel.example", state: "rs", phone: "(54) 3286-1000" })).toMatchObject({ website: "https://www.hotel.example", state: "RS", phone: "5432861000" });
    expect(issues({ website: "ftp://hotel.example" })).toEqual([`website: ${regErr.url}`]);
    expect(issues({ website: "localhost" })).toEqual([`website: ${regErr.url}`]);
    expect(issues({ state: "XX" })).toEqual([`state: ${regErr.state}`]);
    expect(value({ country: "ar", state: "Mendoza" }).state).toBe("Mendoza");
  });

  describe("repeatable rows", () => {
    it("drops empty contact rows and needs a name on the others", () => {
      const v = value({ contacts: [{ name: "Ana", role: "Reservas", email: "ANA@HOTEL.EXAMPLE", phone: "(54) 99999-1234" }, {}, undefined] });
      expect(v.contacts).toEqual([{ name: "Ana", role: "Reservas", email: "ana@hotel.example", phone: "54999991234" }]);
      expect(issues({ contacts: [{ name: "Ana" }, { role: "Financeiro" }] })).toEqual([`contacts.1.name: ${partnerErr.contactName}`]);
      expect(issues({ contacts: [{ name: "Ana", email: "ana@" }] })).toEqual(["contacts.0.email: validation.email"]);
      expect(issues({ contacts: Array.from({ length: MAX_CONTACTS + 1 }, (_, i) => ({ name: `C${i}` })) })).toEqual([`contacts: ${regErr.tooMany}`]);
      expect(issues({ contacts: "Ana" }).length).toBe(1);
    });
    it("gives providers services (name and description) and suppliers none", () => {
      const p = providerSchema.parse({ ...base, category: "receptive", services: [{ name: "City tour", description: "Meio dia" }, { name: "", description: "" }, { name: "Transfer" }] });
      expect(p.services).toEqual([
        { name: "City tour", description: "Meio dia" },
        { name: "Transfer", description: null },
      ]);
      expect(issues({ services: [{ description: "sem nome" }] }, providerSchema)).toEqual([`services.0.name: ${partnerErr.serviceName}`]);
      expect("services" in value({ services: [{ name: "x" }] })).toBe(false);
    });
    it("reads rows from a form post the way Conform does (no-JS insert and remove)", () => {
      const fd = new FormData();
      for (const [k, v] of Object.entries({ kind: "company", name: "Foz Transfer", category: "transfer", "contacts[0].name": "Rita", "contacts[1].name": "", "services[0].name": "Transfer IGU" })) fd.append(k, v);
      const ok = parseWithZod(fd, { schema: providerSchema });
      expect(ok.status).toBe("success");
      if (ok.status === "success") expect(ok.value).toMatchObject({ contacts: [{ name: "Rita", role: null, email: null, phone: null }], services: [{ name: "Transfer IGU", description: null }] });
      fd.append("__intent__", JSON.stringify({ type: "insert", payload: { name: "contacts" } }));
      expect(parseWithZod(fd, { schema: providerSchema }).status).toBeUndefined();
    });
  });

  it("takes an optional default payment term id: empty is à vista (null), a malformed id is refused", () => {
    expect(value({}).paymentTermId).toBeNull();
    expect(value({ paymentTermId: "" }).paymentTermId).toBeNull();
    expect(value({ paymentTermId: " 0193a1b2-term_1 " }).paymentTermId).toBe("0193a1b2-term_1");
    expect(issues({ paymentTermId: "x'; drop table" })).toEqual(["paymentTermId: validation.invalid"]);
    expect(issues({ paymentTermId: "a".repeat(65) })).toEqual(["paymentTermId: validation.invalid"]);
  });

  it("asks the edit forms for a version", () => {
    expect(supplierEditSchema.safeParse({ ...base }).success).toBe(false);
    expect(supplierEditSchema.parse({ ...base, version: "3" }).version).toBe(3);
    expect(providerEditSchema.safeParse({ ...base, version: "0" }).success).toBe(false);
  });

  it("writes CSV records with the columns of each register", () => {
    const row = { ...value({ document: CNPJ, contacts: [{ name: "Ana", role: "Reservas" }] }), services: [{ name: "City tour", description: "Meio dia" }] };
    const csv = partnerToCsvRow(row);
    expect(Object.keys(csv)).toEqual([...PROVIDER_CSV_COLUMNS]);
    expect(csv).toMatchObject({ document: CNPJ, contacts: "Ana / Reservas", services: "City tour: Meio dia", country: "BR", pixKey: "" });
    expect(Object.keys(partnerToCsvRow(value({})))).toEqual([...SUPPLIER_CSV_COLUMNS]);
    expect(partnerToCsvRow(value({ paymentTerm: "Faturado" }), "30/60 dias")).toMatchObject({ paymentTerm: "Faturado", defaultPaymentTerm: "30/60 dias" });
    expect(partnerToCsvRow(value({})).defaultPaymentTerm).toBe("");
  });
});
