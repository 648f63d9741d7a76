import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseListQuery } from "~/lib/kit/list";
import { anttStatus, charterListSpec } from "~/lib/services/charter";
import { charterEditSchema, charterSchema } from "~/lib/services/charter.schema";
import { localInputToUtc, utcToLocalInput } from "~/lib/services/fields";
import { templateLayout } from "~/lib/services/seat-layout";

const SP = "America/Sao_Paulo";
const base = {
  title: "Gramado julho",
  supplierId: "0196f3b2-aaaa-7bbb-8ccc-000000000001",
  vehicleType: "leito",
  origin: "São Paulo",
  destinationName: "Gramado",
  departureAt: "2027-07-10T22:30",
  currency: "BRL",
};

describe("date-times in the agency's zone", () => {
  it("turns local input into UTC and back", () => {
    expect(localInputToUtc("2027-07-10T22:30", SP)).toBe("2027-07-11T01:30:00.000Z");
    expect(utcToLocalInput("2027-07-11T01:30:00.000Z", SP)).toBe("2027-07-10T22:30");
    expect(localInputToUtc("2027-07-10T22:30", "Europe/Lisbon")).toBe("2027-07-10T21:30:00.000Z");
    expect(localInputToUtc("2027-02-29T10:00", SP)).toBeNull();
    expect(localInputToUtc("2027-07-10T24:00", SP)).toBeNull();
    expect(localInputToUtc("10/07/2027 22:30", SP)).toBeNull();
    expect(utcToLocalInput("not a date", SP)).toBe("");
  });

  it("round-trips every minute of any day in São Paulo (no daylight saving since 2019)", () => {
    fc.assert(
      fc.property(fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2040-12-31T23:59:00Z"), noInvalidDate: true }), (d) => {
        const iso = new Date(Math.floor(d.getTime() / 60_000) * 60_000).toISOString();
        expect(localInputToUtc(utcToLocalInput(iso, SP), SP)).toBe(iso);
      }),
    );
  });
});

describe("charter schema", () => {
  it("takes a form without a layout as the vehicle type's template, money as cents, stops by line", () => {
    const r = charterSchema(SP).safeParse({ ...base, stops: " Curitiba \n\n Joinville", cost: "1.234,56" });
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ departureAt: "2027-07-11T01:30:00.000Z", returnAt: null, cost: 123456, stops: ["Curitiba", "Joinville"], seatLayout: templateLayout("leito") });
  });

  it("puts every refusal on its field", () => {
    const errors = (input: Record<string, unknown>, schema = charterSchema(SP)) => {
      const r = schema.safeParse({ ...base, ...input });
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
    };
    expect(errors({ returnAt: "2027-07-09T10:00" })).toEqual({ returnAt: "services.errors.returnBeforeDeparture" });
    expect(errors({ seatLayout: "[]" })).toEqual({ seatLayout: "services.errors.layout.invalid" });
    expect(errors({ cost: "-5" })).toEqual({ cost: "services.errors.money" });
    expect(errors({ supplierId: "a b" })).toEqual({ supplierId: "services.errors.supplier" });
    expect(errors({ vehiclePlate: "AB-12" })).toEqual({ vehiclePlate: "services.errors.plate" });
    expect(errors({}, charterEditSchema(SP))).toEqual({ version: "validation.invalid" });
  });
});

describe("charter list", () => {
  it("keeps valid filters and drops the others", () => {
    const q = (s: string) => parseListQuery(new URLSearchParams(s), charterListSpec).filters;
    expect(q("de=2027-07-01&ate=2027-07-31&fornecedor=abc-123")).toEqual({ de: "2027-07-01", ate: "2027-07-31", fornecedor: "abc-123" });
    expect(q("de=2027-02-30&ate=31/07/2027&fornecedor=a%20b")).toEqual({});
  });

  it("tells an expired ANTT licence and one ending before the return, by the agency's days", () => {
    const now = new Date("2027-07-01T02:00:00Z"); // still June 30th in São Paulo
    const trip = { departureAt: "2027-07-10T12:00:00.000Z", returnAt: "2027-07-18T02:00:00.000Z" }; // back on the 17th, 23:00
    expect(anttStatus({ ...trip, anttValidUntil: null }, SP, now)).toBeNull();
    expect(anttStatus({ ...trip, anttValidUntil: "2027-06-29" }, SP, now)).toBe("expired");
    expect(anttStatus({ ...trip, anttValidUntil: "2027-06-30" }, SP, now)).toBe("beforeReturn");
    expect(anttStatus({ ...trip, anttValidUntil: "2027-07-16" }, SP, now)).toBe("beforeReturn");
    expect(anttStatus({ ...trip, anttValidUntil: "2027-07-17" }, SP, now)).toBeNull();
    expect(anttStatus({ ...trip, returnAt: null, anttValidUntil: "2027-07-10" }, SP, now)).toBeNull();
  });
});
