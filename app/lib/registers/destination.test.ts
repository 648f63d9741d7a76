import { describe, expect, it } from "vitest";
import { parseListQuery } from "~/lib/kit/list";
import { countryName, DESTINATION_CSV_COLUMNS, destinationListSpec, destinationToCsvRow, placeOf } from "~/lib/registers/destination";
import { destinationEditSchema, destinationSchema } from "~/lib/registers/destination.schema";

const ok = (input: Record<string, unknown>) => {
  const parsed = destinationSchema.safeParse(input);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues));
  return parsed.data;
};
const issues = (input: Record<string, unknown>, schema: typeof destinationSchema | typeof destinationEditSchema = destinationSchema) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? ""), i.message]));
};

describe("destination schema", () => {
  it("trims, empties to null and defaults the country to BR", () => {
    expect(ok({ name: "  Gramado ", city: " ", state: "", description: "" })).toEqual({ name: "Gramado", city: null, state: null, country: "BR", description: null });
  });

  it("upper-cases a country code and a Brazilian state", () => {
    expect(ok({ name: "Gramado", city: "Gramado", state: "rs", country: "br" })).toMatchObject({ country: "BR", state: "RS" });
  });

  it("keeps a foreign region as typed", () => {
    expect(ok({ name: "Lisboa", state: "Lisboa", country: "pt" })).toMatchObject({ country: "PT", state: "Lisboa" });
  });

  it("requires a name of at most 120 characters", () => {
    expect(issues({ name: "" })).toEqual({ name: "validation.required" });
    expect(issues({})).toEqual({ name: "validation.required" });
    expect(issues({ name: "x".repeat(121) })).toEqual({ name: "validation.tooLong" });
    expect(issues({ name: "x".repeat(120) })).toEqual({});
  });

  it("refuses a country that is not two letters and a Brazilian state outside the list", () => {
    expect(issues({ name: "X", country: "Brasil" })).toEqual({ country: "registers.errors.country" });
    expect(issues({ name: "X", country: "B1" })).toEqual({ country: "registers.errors.country" });
    expect(issues({ name: "X", state: "XX" })).toEqual({ state: "registers.errors.state" });
  });

  it("limits the other texts", () => {
    expect(issues({ name: "X", city: "c".repeat(101) })).toEqual({ city: "validation.tooLong" });
    expect(issues({ name: "X", state: "s".repeat(41), country: "AR" })).toEqual({ state: "validation.tooLong" });
    expect(issues({ name: "X", description: "d".repeat(4001) })).toEqual({ description: "validation.tooLong" });
  });

  it("refuses non-text values", () => {
    expect(issues({ name: ["a", "b"] })).toHaveProperty("name");
    expect(issues({ name: "X", city: 42 })).toHaveProperty("city");
  });

  it("needs a positive version to edit", () => {
    expect(issues({ name: "X" }, destinationEditSchema)).toHaveProperty("version");
    expect(issues({ name: "X", version: "0" }, destinationEditSchema)).toHaveProperty("version");
    expect(issues({ name: "X", version: "abc" }, destinationEditSchema)).toHaveProperty("version");
    const parsed = destinationEditSchema.parse({ name: "X", version: "3" });
    expect(parsed.version).toBe(3);
  });
});

describe("destination list and CSV", () => {
  it("accepts a two-letter country filter and sorts by name or creation only", () => {
    const q = parseListQuery(new URLSearchParams("country=PT&sort=createdAt&dir=desc"), destinationListSpec);
    expect(q).toMatchObject({ filters: { country: "PT" }, sort: "createdAt", dir: "desc" });
    const bad = parseListQuery(new URLSearchParams("country=Portugal&sort=city"), destinationListSpec);
    expect(bad).toMatchObject({ filters: {}, sort: "name", dir: "asc" });
    expect(parseListQuery(new URLSearchParams("country=pt"), destinationListSpec).filters).toEqual({});
  });

  it("exports the columns without the image", () => {
    expect(DESTINATION_CSV_COLUMNS).not.toContain("coverKey");
    expect(destinationToCsvRow({ name: "Gramado", city: "Gramado", state: "RS", country: "BR", description: null })).toEqual({
      name: "Gramado",
      city: "Gramado",
      state: "RS",
      country: "BR",
      description: "",
    });
  });

  it("shows the place and the country's name", () => {
    expect(placeOf({ city: "Gramado", state: "RS" })).toBe("Gramado - RS");
    expect(placeOf({ city: "Lisboa", state: null })).toBe("Lisboa");
    expect(placeOf({ city: null, state: null })).toBeNull();
    expect(countryName("BR", "pt")).toBe("Brasil");
    expect(countryName("PT", "en")).toBe("Portugal");
    expect(countryName("QQ", "pt")).toBe("QQ");
  });
});
