import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/kit/forms";
import { editDigest, emissivoFormValues, EMPTY_ITEM, inventoryDemand, isClockTime, liveTotals } from "~/lib/sales/emissivo";
import { emissivoSchema } from "~/lib/sales/emissivo.schema";

const ID = "01937a6e-aaaa-7000-8000-000000000001";
const C2 = "01937a6e-aaaa-7000-8000-000000000002";
const KIND = "01937a6e-aaaa-7000-8000-000000000003";

function post(entries: Record<string, string | string[]>) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) for (const x of [v].flat()) fd.append(k, x);
  return parseForm(fd, emissivoSchema);
}
const base = { clientId: ID, agentId: ID, saleDate: "2026-11-20", currency: "BRL", paymentMethod: "pix", "passengers[0].clientId": ID };

describe("emissivo form schema", () => {
  it("keeps filled items, drops empty rows, takes money as cents and the item's passengers as client ids", () => {
    const s = post({ ...base, "items[0].productKindId": KIND, "items[0].description": "Hotel", "items[0].price": "1.234,56", "items[0].passengers": ID, "items[1].description": "", discount: "10,00" });
    expect(s?.status).toBe("success");
    const v = s!.status === "success" ? s!.value : null;
    expect(v!.items).toHaveLength(1);
    expect(v!.items[0]).toMatchObject({ priceCents: 123_456, costCents: null, feesCents: 0, passengers: [ID], quantity: 1, inventoryKind: "none" });
    expect(v!.discountCents).toBe(1_000);
  });

  it("refuses an item passenger who is not on the sale, an end before the start, a bad time, a twice-listed passenger, an inventory kind without its service", () => {
    const s = post({
      ...base,
      "passengers[1].clientId": ID,
      "items[0].productKindId": KIND,
      "items[0].description": "Voo",
      "items[0].passengers": [ID, C2],
      "items[0].startDate": "2026-12-10",
      "items[0].endDate": "2026-12-01",
      "items[0].startTime": "24:00",
      "items[0].inventoryKind": "air_seat",
    });
    expect(s?.status).toBe("error");
    const errors = s!.status === "error" ? s!.error! : {};
    // A field's own error comes first (the cross-row rules run once every field parses).
    expect(errors["items[0].startTime"]).toEqual(["sales.emissivo.errors.time"]);
    const s2 = post({ ...base, "passengers[1].clientId": ID, "items[0].productKindId": KIND, "items[0].description": "Voo", "items[0].passengers": [ID, C2], "items[0].startDate": "2026-12-10", "items[0].endDate": "2026-12-01", "items[0].inventoryKind": "air_seat" });
    const e2 = s2!.status === "error" ? s2!.error! : {};
    expect(e2["items[0].passengers"]).toEqual(["sales.emissivo.errors.itemPassenger"]);
    expect(e2["items[0].endDate"]).toEqual(["sales.emissivo.errors.endBeforeStart"]);
    expect(e2["items[0].airBlockId"]).toEqual(["sales.emissivo.errors.inventory"]);
    expect(e2["passengers[1].clientId"]).toEqual(["sales.emissivo.errors.passengerTwice"]);
  });

  it("never throws on arbitrary posts", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("clientId", "discount", "items[0].price", "items[0].quantity", "items[0].passengers", "passengers[0].ageBand", "currency"), fc.string({ maxLength: 20 })), (patch) => {
        const s = post({ ...base, ...(patch as Record<string, string>) });
        expect(s === null || ["success", "error"].includes(String(s.status))).toBe(true);
      }),
    );
  });
});

describe("emissivo pure helpers", () => {
  it("live totals follow totals.ts and are null while an amount is not valid", () => {
    expect(liveTotals("BRL", [{ cost: "800,00", price: "1.000,00", fees: "10,00" }, { price: "450,00", cost: "300,00" }], "50,00")).toMatchObject({ clientTotalCents: 141_000, marginCents: 30_000 });
    expect(liveTotals("BRL", [{ price: "abc" }], "")).toBeNull();
    expect(liveTotals("BRL", [{ price: "10,00" }], "20,00")).toBeNull();
  });

  it("inventory demand sums quantities per service", () => {
    const item = (kind: "package_departure" | "hotel_room" | "air_seat" | "none", id: string | null, quantity: number) => ({
      inventoryKind: kind,
      packageDepartureId: kind === "package_departure" ? id : null,
      roomTypeId: kind === "hotel_room" ? id : null,
      airBlockId: kind === "air_seat" ? id : null,
      quantity,
    });
    const d = inventoryDemand([item("package_departure", "a", 2), item("package_departure", "a", 1), item("hotel_room", "r", 1), item("air_seat", "b", 3), item("none", null, 5)]);
    expect([...d.departures]).toEqual([["a", 3]]);
    expect([...d.roomTypes]).toEqual([["r", 1]]);
    expect([...d.airBlocks]).toEqual([["b", 3]]);
  });

  it("the edit digest changes with any part", () => {
    expect(editDigest([1, "a", null])).toBe(editDigest([1, "a", null]));
    expect(editDigest([1, "a", null])).not.toBe(editDigest([2, "a", null]));
    expect(editDigest(["update:x:100"])).not.toBe(editDigest(["update:x:101"]));
  });

  it("clock times and the stored sale as form values", () => {
    expect(["00:00", "23:59", "09:30"].every(isClockTime)).toBe(true);
    expect(["24:00", "9:30", "12:60", ""].some(isClockTime)).toBe(false);
    const values = emissivoFormValues(
      { clientId: ID, agentId: ID, saleDate: "2026-11-20", currency: "BRL", discountCents: 0, paymentTermId: null, paymentMethod: "pix", downPaymentCents: 0, firstDueDate: null, notes: null },
      [{ id: "p1", clientId: C2, ageBand: "child" }],
      [{ ...EMPTY_ITEM, id: "i1", productKindId: KIND, supplierId: null, description: "X", startDate: null, startTime: null, endDate: null, endTime: null, locator: null, passengerIds: ["p1", "gone"], costCents: 0, priceCents: 12_345, feesCents: 0, packageDepartureId: null, roomTypeId: null, airBlockId: null, quantity: 2 }],
    );
    expect(values.items[0]).toMatchObject({ passengers: [C2], price: "123,45", cost: "", quantity: "2" });
    expect(values.downPayment).toBe("0,00");
    expect(values.passengers).toEqual([{ clientId: C2, ageBand: "child" }]);
  });
});
