import { describe, expect, it } from "vitest";
import { PRODUCT_KINDS } from "~/db/schema/registers";
import { canEditProductKinds, productKindRows } from "~/lib/registers/product-kind";
import { productKindSchema } from "~/lib/registers/product-kind.schema";

const parse = (input: Record<string, unknown>) => productKindSchema.safeParse(input);

describe("product kind schema", () => {
  it("reads a save: switch from the checkbox, category trimmed, empty to null", () => {
    expect(parse({ intent: "save", kind: "air", version: "2", enabled: "on", defaultCategory: " 3.1.01 Receita de passagens " }).data).toEqual({
      intent: "save",
      kind: "air",
      version: 2,
      enabled: true,
      defaultCategory: "3.1.01 Receita de passagens",
    });
    expect(parse({ intent: "save", kind: "hotel", version: "1", defaultCategory: "  " }).data).toEqual({ intent: "save", kind: "hotel", version: 1, enabled: false, defaultCategory: null });
  });

  it("reads a toggle without a category", () => {
    expect(parse({ intent: "toggle", kind: "cruise", version: "0", enabled: "true" }).data).toEqual({ intent: "toggle", kind: "cruise", version: 0, enabled: true });
    expect(parse({ intent: "toggle", kind: "cruise", version: "0", enabled: "false" }).data).toMatchObject({ enabled: false });
  });

  it("limits the category to 80 characters", () => {
    expect(parse({ intent: "save", kind: "air", version: "1", defaultCategory: "c".repeat(80) }).success).toBe(true);
    const long = parse({ intent: "save", kind: "air", version: "1", defaultCategory: "c".repeat(81) });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]).toMatchObject({ path: ["defaultCategory"], message: "validation.tooLong" });
  });

  it("refuses unknown kinds, intents and versions", () => {
    expect(parse({ intent: "save", kind: "spaceship", version: "1" }).success).toBe(false);
    expect(parse({ intent: "delete", kind: "air", version: "1" }).success).toBe(false);
    expect(parse({ kind: "air", version: "1" }).success).toBe(false);
    for (const version of ["-1", "1.5", "x", "", "9999999999"]) expect(parse({ intent: "toggle", kind: "air", version }).success, version).toBe(false);
  });
});

describe("product kind rows", () => {
  it("lists every kind in order, a missing one as disabled and unsaved", () => {
    const rows = productKindRows([{ kind: "hotel", id: "h", enabled: true, defaultCategory: "3.1.02", version: 4 }]);
    expect(rows.map((r) => r.kind)).toEqual([...PRODUCT_KINDS]);
    expect(rows.find((r) => r.kind === "hotel")).toEqual({ kind: "hotel", id: "h", enabled: true, defaultCategory: "3.1.02", version: 4 });
    expect(rows.find((r) => r.kind === "air")).toEqual({ kind: "air", id: null, enabled: false, defaultCategory: null, version: 0 });
  });

  it("lets administrators and finance edit", () => {
    expect(["SuperAdmin", "Admin", "Financeiro"].every((r) => canEditProductKinds(r as never))).toBe(true);
    expect(["Agente", "Operacional"].some((r) => canEditProductKinds(r as never))).toBe(false);
  });
});
