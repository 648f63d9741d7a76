import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseListQuery } from "~/lib/kit/list";
import { BOARDING_POINT_CSV_COLUMNS, boardingPointListSpec, boardingPointToCsvRow, formatOffset, mapHref } from "~/lib/registers/boarding-point";
import { boardingPointEditSchema, boardingPointSchema } from "~/lib/registers/boarding-point.schema";

const parse = (input: Record<string, unknown>) => boardingPointSchema.safeParse({ name: "Metrô Tatuapé", ...input });
const errorsOf = (input: Record<string, unknown>) => {
  const r = parse(input);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe("boarding point schema", () => {
  it("accepts a name alone (offset 0, no coordinates)", () => {
    const r = parse({});
    expect(r.success).toBe(true);
    expect(r.data).toMatchObject({ address: null, city: null, state: null, postalCode: null, latitude: null, longitude: null, defaultOffsetMinutes: 0 });
  });

  it("normalises CEP, UF and decimal commas", () => {
    const r = parse({ postalCode: "03087-000", state: "sp", latitude: "-23,5403", longitude: "-46.5766", defaultOffsetMinutes: "30" });
    expect(r.data).toMatchObject({ postalCode: "03087000", state: "SP", latitude: -23.5403, longitude: -46.5766, defaultOffsetMinutes: 30 });
  });

  it("checks ranges and pairs of coordinates", () => {
    expect(errorsOf({ latitude: "91", longitude: "0" })).toEqual({ latitude: "registers.errors.latitude" });
    expect(errorsOf({ latitude: "0", longitude: "-180,5" })).toEqual({ longitude: "registers.errors.longitude" });
    expect(errorsOf({ latitude: "abc", longitude: "1" })).toEqual({ latitude: "registers.errors.latitude" });
    expect(errorsOf({ latitude: "-23,5" })).toEqual({ longitude: "boardingPoints.errors.coordinatesPair" });
    expect(errorsOf({ longitude: "-46,5" })).toEqual({ latitude: "boardingPoints.errors.coordinatesPair" });
    expect(parse({ latitude: "90", longitude: "-180" }).success).toBe(true);
  });

  it("checks CEP, state and offset", () => {
    expect(errorsOf({ postalCode: "1234" })).toEqual({ postalCode: "registers.errors.cep" });
    expect(errorsOf({ postalCode: "00000-000" })).toEqual({ postalCode: "registers.errors.cep" });
    expect(errorsOf({ state: "XX" })).toEqual({ state: "registers.errors.state" });
    expect(errorsOf({ state: "São Paulo" })).toEqual({ state: "registers.errors.state" });
    expect(errorsOf({ defaultOffsetMinutes: "1441" })).toEqual({ defaultOffsetMinutes: "registers.errors.number" });
    expect(errorsOf({ defaultOffsetMinutes: "-1" })).toEqual({ defaultOffsetMinutes: "registers.errors.number" });
    expect(errorsOf({ defaultOffsetMinutes: "1,5" })).toEqual({ defaultOffsetMinutes: "registers.errors.number" });
    expect(parse({ defaultOffsetMinutes: "1440" }).data?.defaultOffsetMinutes).toBe(1440);
  });

  it("needs the version to edit", () => {
    expect(boardingPointEditSchema.safeParse({ name: "X" }).success).toBe(false);
    expect(boardingPointEditSchema.safeParse({ name: "X", version: "1" }).success).toBe(true);
  });

  it("never throws, and whatever it accepts fits the table's checks", () => {
    const value = fc.oneof(fc.string(), fc.string({ unit: "binary", maxLength: 300 }), fc.constant(undefined), fc.array(fc.string(), { maxLength: 3 }), fc.double(), fc.constant(null));
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom("name", "address", "district", "city", "state", "postalCode", "latitude", "longitude", "reference", "defaultOffsetMinutes", "version"), value),
        (input) => {
          const r = boardingPointEditSchema.safeParse(input);
          if (r.success) {
            const { latitude, longitude, defaultOffsetMinutes } = r.data;
            expect((latitude === null) === (longitude === null)).toBe(true);
            if (latitude !== null) expect(Math.abs(latitude)).toBeLessThanOrEqual(90);
            if (longitude !== null) expect(Math.abs(longitude)).toBeLessThanOrEqual(180);
            expect(defaultOffsetMinutes >= 0 && defaultOffsetMinutes <= 1440).toBe(true);
          }
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("boarding point helpers", () => {
  it("links to OpenStreetMap only with both coordinates", () => {
    expect(mapHref(-23.5403, -46.5766)).toBe("https://www.openstreetmap.org/?mlat=-23.5403&mlon=-46.5766#map=17/-23.5403/-46.5766");
    expect(mapHref(null, -46.5)).toBeNull();
    expect(mapHref(-23.5, undefined)).toBeNull();
    expect(mapHref(Number.NaN, 1)).toBeNull();
    expect(mapHref(95, 1)).toBeNull();
  });

  it("formats offsets", () => {
    const units = { h: "h", min: "min" };
    expect(formatOffset(0, units)).toBe("0 min");
    expect(formatOffset(45, units)).toBe("45 min");
    expect(formatOffset(120, units)).toBe("2 h");
    expect(formatOffset(90, units)).toBe("1 h 30 min");
  });

  it("keeps only UF values in the state filter", () => {
    expect(parseListQuery(new URLSearchParams("state=BA"), boardingPointListSpec).filters).toEqual({ state: "BA" });
    expect(parseListQuery(new URLSearchParams("state=XX&sort=city"), boardingPointListSpec)).toMatchObject({ filters: {}, sort: "name" });
  });

  it("writes every CSV column", () => {
    const row = boardingPointToCsvRow({
      name: "Farol",
      address: null,
      district: null,
      city: "Salvador",
      state: "BA",
      postalCode: null,
      latitude: -13.0104,
      longitude: -38.5326,
      reference: null,
      defaultOffsetMinutes: 40,
    });
    expect(Object.keys(row)).toEqual([...BOARDING_POINT_CSV_COLUMNS]);
    expect(row).toMatchObject({ latitude: "-13.0104", longitude: "-38.5326", defaultOffsetMinutes: "40", address: "" });
  });
});
