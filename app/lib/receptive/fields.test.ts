import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { daysUntil, expiryState, formatPlate, normalizeCnh, normalizePlate, normalizeRenavam, renavamCheckDigit } from "~/lib/receptive/fields";
import { parseDuration, durationText } from "~/lib/receptive/service";
import { guideSchema } from "~/lib/receptive/guide.schema";
import { vehicleSchema } from "~/lib/receptive/vehicle.schema";
import { driverSchema } from "~/lib/receptive/driver.schema";

describe("plates", () => {
  it("takes the old and the Mercosul formats in any case and punctuation, stored without the dash", () => {
    expect(normalizePlate("abc-1234")).toBe("ABC1234");
    expect(normalizePlate(" ABC 1D23 ")).toBe("ABC1D23");
    expect(formatPlate("ABC1234")).toBe("ABC-1234");
    expect(formatPlate("ABC1D23")).toBe("ABC1D23");
  });
  it("refuses anything else", () => {
    for (const bad of ["", "AB-1234", "ABCD123", "ABC12345", "1BC1234", "ABC1DD3", "ÁBC1234"]) expect(normalizePlate(bad), bad).toBeNull();
  });
});

describe("RENAVAM", () => {
  it("accepts a number whose check digit matches, padding old 9- and 10-digit ones", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{10}$/), (base) => {
        fc.pre(!/^0+$/.test(base));
        const full = `${base}${renavamCheckDigit(base)}`;
        expect(normalizeRenavam(full)).toBe(full);
        expect(normalizeRenavam(full.replace(/^0+/, ""))).toBe(full.replace(/^0+/, "").length >= 9 ? full : null);
        const wrong = `${base}${(renavamCheckDigit(base) + 1) % 10}`;
        expect(normalizeRenavam(wrong)).toBeNull();
      }),
    );
  });
  it("follows DENATRAN's weights (3298765432, ×10 mod 11, 10 → 0)", () => {
    // 0063988301-2: 0·3+0·2+6·9+3·8+9·7+8·6+8·5+3·4+0·3+1·2 = 243; 2430 mod 11 = 10 → 0? 2430 = 11·220 + 10 → 0.
    expect(renavamCheckDigit("0063988301")).toBe(0);
    expect(renavamCheckDigit("1234567890")).toBe(((3 * 1 + 2 * 2 + 9 * 3 + 8 * 4 + 7 * 5 + 6 * 6 + 5 * 7 + 4 * 8 + 3 * 9 + 2 * 0) * 10) % 11 % 10);
  });
});

describe("CNH numbers", () => {
  it("are 11 digits, not all equal", () => {
    expect(normalizeCnh("012.345.678-90")).toBe("01234567890");
    expect(normalizeCnh("11111111111")).toBeNull();
    expect(normalizeCnh("1234567890")).toBeNull();
    expect(normalizeCnh("1234567890a")).toBeNull();
  });
});

describe("expiry", () => {
  it("is valid through the expiry day, soon within 30 days, expired the day after", () => {
    expect(expiryState("2026-11-25", "2026-11-25")).toBe("soon");
    expect(expiryState("2026-11-24", "2026-11-25")).toBe("expired");
    expect(expiryState("2026-12-25", "2026-11-25")).toBe("soon");
    expect(expiryState("2026-12-26", "2026-11-25")).toBe("valid");
    expect(expiryState(null, "2026-11-25")).toBe("missing");
    expect(daysUntil("2027-03-01", "2027-02-28")).toBe(1);
    expect(daysUntil("2028-03-01", "2028-02-28")).toBe(2);
  });
});

describe("durations", () => {
  it("reads hours:minutes, 1h30, 2h and bare minutes", () => {
    expect(parseDuration("1:30")).toBe(90);
    expect(parseDuration("1h30")).toBe(90);
    expect(parseDuration("2h")).toBe(120);
    expect(parseDuration("45")).toBe(45);
    expect(parseDuration("0")).toBeNull();
    expect(parseDuration("1:75")).toBeNull();
    expect(parseDuration("169:00")).toBeNull();
    expect(durationText(90)).toBe("1:30");
  });
  it("round-trips every duration the form can show", () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 7 * 24 * 60 }), (m) => parseDuration(durationText(m)) === m));
  });
});

describe("form schemas", () => {
  it("driver: CNH, category and expiry are required; the CPF is checked", () => {
    const bad = driverSchema.safeParse({ name: "João", cpf: "111.111.111-11" });
    expect(bad.success).toBe(false);
    const paths = bad.error!.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(expect.arrayContaining(["cpf", "cnhNumber", "cnhCategory", "cnhExpiry"]));
    const good = driverSchema.parse({ name: " João ", cnhNumber: "01234567890", cnhCategory: "D", cnhExpiry: "2027-01-31", active: "on" });
    expect(good).toMatchObject({ name: "João", cnhNumber: "01234567890", active: true, ear: false, cpf: null });
  });
  it("guide: languages from the list, in the list's order, several values under one name", () => {
    expect(guideSchema.parse({ name: "Ana", languages: ["en", "pt"] }).languages).toEqual(["pt", "en"]);
    expect(guideSchema.parse({ name: "Ana", languages: "es" }).languages).toEqual(["es"]);
    expect(guideSchema.safeParse({ name: "Ana", languages: ["pt", "xx"] }).success).toBe(false);
  });
  it("vehicle: plate normalised, seats 1–100", () => {
    expect(vehicleSchema.parse({ plate: "abc-1d23", model: "Sprinter", type: "van", seats: "15" })).toMatchObject({ plate: "ABC1D23", seats: 15, year: null, renavam: null });
    expect(vehicleSchema.safeParse({ plate: "abc-1d23", model: "Sprinter", type: "van", seats: "0" }).success).toBe(false);
    expect(vehicleSchema.safeParse({ plate: "abc-1d23", model: "Sprinter", type: "van", seats: "101" }).success).toBe(false);
  });
});
