import { describe, expect, it } from "vitest";
import { clientDocument, emissivoVouchers, excursionVoucher, voucherFilename, voucherLanguage, voucherNumber, type ItemInput, type PlaceInput, type SaleInput } from "~/lib/vouchers/voucher";

const sale = (o: Partial<SaleInput> = {}): SaleInput => ({ id: "s1", number: 128, kind: "emissivo", status: "confirmed", clientName: "Ana Souza", ...o });
const item = (id: string, o: Partial<ItemInput> = {}): ItemInput => ({
  id,
  kind: "hotel",
  title: `Item ${id}`,
  provider: { name: "Hotel Mar", phone: "(71) 3333-4444" },
  startDate: "2027-03-10",
  endDate: "2027-03-15",
  startTime: null,
  endTime: null,
  room: "Standard vista mar",
  mealPlan: "breakfast",
  locator: "ABC123",
  segments: [],
  includes: [],
  notes: null,
  passengerIds: [],
  ...o,
});
const people = [
  { id: "p1", name: "Ana Souza", document: { type: "cpf", number: "52998224725" } },
  { id: "p2", name: "Bruno Souza", document: null },
];

describe("emissivo vouchers", () => {
  it("one per item, numbered by the sale and the item's place, each with its own passengers (none named: all)", () => {
    const vs = emissivoVouchers(sale(), [item("i1"), item("i2", { kind: "transfer", passengerIds: ["p2"] })], people);
    expect(vs.map((v) => v.number)).toEqual(["128-1", "128-2"]);
    expect(vs.map((v) => v.key)).toEqual(["i1", "i2"]);
    expect(vs[0]!.passengers.map((p) => p.name)).toEqual(["Ana Souza", "Bruno Souza"]);
    expect(vs[1]!.passengers.map((p) => p.name)).toEqual(["Bruno Souza"]);
    expect(vs[0]).toMatchObject({ kind: "hotel", client: "Ana Souza", locator: "ABC123", room: "Standard vista mar", saleId: "s1" });
  });

  it("a draft or cancelled sale has none", () => {
    expect(emissivoVouchers(sale({ status: "draft" }), [item("i1")], people)).toEqual([]);
    expect(emissivoVouchers(sale({ status: "cancelled" }), [item("i1")], people)).toEqual([]);
    expect(emissivoVouchers(sale({ kind: "excursion" }), [item("i1")], people)).toEqual([]);
  });
});

describe("excursion voucher", () => {
  const trip = { title: "Gramado", destination: "Gramado/RS", departureAt: "2027-03-11T00:00:00.000Z", returnAt: "2027-03-15T23:00:00.000Z", includes: ["Hotel"], provider: null };
  const place = (name: string, seat: string | null, status: string): PlaceInput => ({
    status,
    name,
    documentType: "rg",
    documentNumber: "123",
    seat,
    roomType: "double",
    roomLabel: "Q1",
    boarding: { place: "Terminal Tietê", address: null, at: "2027-03-10T23:30:00.000Z" },
  });

  it("covers the confirmed places in seat order; held and cancelled ones are left out", () => {
    const v = excursionVoucher(sale({ kind: "excursion" }), trip, [place("Caio", "12", "confirmed"), place("Bia", "3", "confirmed"), place("Held", "4", "held"), place("Gone", "5", "cancelled")])!;
    expect(v.number).toBe("128");
    expect(v.key).toBe("s1");
    expect(v.passengers.map((p) => [p.name, p.seat])).toEqual([
      ["Bia", "3"],
      ["Caio", "12"],
    ]);
    expect(v.passengers[0]!.boarding?.place).toBe("Terminal Tietê");
    expect(v.includes).toEqual(["Hotel"]);
  });

  it("none for a draft or cancelled sale, or with no confirmed place", () => {
    expect(excursionVoucher(sale({ kind: "excursion", status: "draft" }), trip, [place("A", "1", "confirmed")])).toBeNull();
    expect(excursionVoucher(sale({ kind: "excursion", status: "cancelled" }), trip, [place("A", "1", "confirmed")])).toBeNull();
    expect(excursionVoucher(sale({ kind: "excursion" }), trip, [place("A", "1", "cancelled")])).toBeNull();
  });
});

describe("voucher helpers", () => {
  it("numbers, documents, languages and file names", () => {
    expect(voucherNumber(7, null)).toBe("7");
    expect(voucherNumber(7, 0)).toBe("7-1");
    expect(clientDocument({ kind: "person", document: "52998224725", passportNumber: "X1", rg: null })).toEqual({ type: "cpf", number: "52998224725" });
    expect(clientDocument({ kind: "person", document: null, passportNumber: "X1", rg: "9" })).toEqual({ type: "passport", number: "X1" });
    expect(clientDocument({ kind: "company", document: "11222333000181", passportNumber: null, rg: null })).toBeNull();
    expect(voucherLanguage("en", "pt")).toBe("en");
    expect(voucherLanguage("fr", "es")).toBe("es");
    expect(voucherLanguage(null, "pt")).toBe("pt");
    expect(voucherFilename({ number: "128-2" })).toBe("voucher-128-2.pdf");
  });
});
