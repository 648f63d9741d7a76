import { describe, expect, it } from "vitest";
import { slugify } from "~/lib/system/agency-form";
import { agencyProfileSchema, newAgencySchema } from "~/lib/system/agency-form.schema";

const base = {
  intent: "profile",
  version: 3,
  name: "Sol",
  country: "BR",
  timeZone: "America/Sao_Paulo",
  currency: "brl",
  slug: "Sol-Viagens",
};

describe("agency forms", () => {
  it("normalises what it stores: digits for documents, upper-case codes, https websites", () => {
    const v = agencyProfileSchema.parse({ ...base, cnpj: "11.222.333/0001-81", postalCode: "01310-100", state: "sp", website: "sol.example", phone: "+55 (11) 3000-1000" });
    expect(v).toMatchObject({ cnpj: "11222333000181", postalCode: "01310100", state: "SP", website: "https://sol.example", currency: "BRL", slug: "sol-viagens", phone: "1130001000", legalName: null });
  });

  it("refuses bad documents, codes and addresses", () => {
    const bad = (change: Record<string, unknown>) => agencyProfileSchema.safeParse({ ...base, ...change }).success;
    expect(bad({ cnpj: "11.222.333/0001-82" })).toBe(false);
    expect(bad({ postalCode: "123" })).toBe(false);
    expect(bad({ country: "AR", postalCode: "C1000" })).toBe(true);
    expect(bad({ website: "ftp://x.example" })).toBe(false);
    expect(bad({ timeZone: "America/Nowhere" })).toBe(false);
    expect(bad({ currency: "XYZW" })).toBe(false);
    expect(bad({ slug: "a" })).toBe(false);
    expect(bad({ slug: "a--b" })).toBe(false);
  });

  it("reads the discount limit as a percentage with up to 2 decimals, stored as basis points; empty is no limit", () => {
    const bp = (maxDiscount?: string) => agencyProfileSchema.parse({ ...base, maxDiscount }).maxDiscountBp;
    expect(bp("12,5")).toBe(1250);
    expect(bp("12.5")).toBe(1250);
    expect(bp("0")).toBe(0);
    expect(bp("100")).toBe(10_000);
    expect(bp("7,25 %")).toBe(725);
    expect(bp("")).toBeNull();
    expect(bp("  ")).toBeNull();
    expect(bp(undefined)).toBeNull();
    for (const bad of ["100,01", "-1", "12,345", "abc", "1e2", "1".repeat(30)]) {
      const r = agencyProfileSchema.safeParse({ ...base, maxDiscount: bad });
      expect(r.success, bad).toBe(false);
      if (!r.success) expect(r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`), bad).toEqual(["maxDiscount: agencyProfile.errors.maxDiscount"]);
    }
  });

  it("checks the new agency and its first Admin", () => {
    const ok = { name: "Nova", slug: "nova", timeZone: "UTC", currency: "EUR", plan: "trial", adminName: "Ana", adminEmail: "ANA@X.EXAMPLE", adminLocale: "es" };
    expect(newAgencySchema.parse(ok).adminEmail).toBe("ana@x.example");
    expect(newAgencySchema.safeParse({ ...ok, plan: "gold" }).success).toBe(false);
    expect(newAgencySchema.safeParse({ ...ok, adminLocale: "fr" }).success).toBe(false);
  });

  it("makes URL-safe slugs from names", () => {
    expect(slugify("Sol & Mar Viagens Ltda.")).toBe("sol-mar-viagens-ltda");
    expect(slugify("  Ágata Turismo  ")).toBe("agata-turismo");
  });
});
