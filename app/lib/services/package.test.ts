import { describe, expect, it } from "vitest";
import { parseForm } from "~/lib/kit/forms";
import { departureSpan, packageFormValues, pkgErr, publishProblems } from "~/lib/services/package";
import { packageEditSchema, packageSchema } from "~/lib/services/package.schema";

const form = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries({ title: "Gramado", operatorId: "op-1", currency: "BRL", ...fields })) fd.append(k, v);
  return fd;
};
const parse = (fields: Record<string, string>) => parseForm(form(fields), packageSchema)!;
const errors = (fields: Record<string, string>) => {
  const s = parse(fields);
  return s.status === "error" ? s.error : null;
};

describe("package form schema", () => {
  it("drops empty rows, numbers the days, keeps departures' ids and reads the price grid", () => {
    const s = parse({
      "destinations[0]": "d-1",
      "destinations[1]": "",
      "itinerary[0].title": "Chegada",
      "itinerary[1].title": "",
      "itinerary[2].title": "Passeio",
      "itinerary[2].description": "Lago Negro",
      "departures[0].id": "dep-1",
      "departures[0].departureDate": "2027-07-10",
      "departures[0].returnDate": "2027-07-15",
      "departures[0].seats": "20",
      "departures[1].departureDate": "",
      "prices.double.adult": "2.890,00",
      "prices.child.infant": "0",
      "prices.single.senior": "",
      includes: "Hotel\n\n  Traslados  \n",
      slug: "Gramado Natal!",
    });
    expect(s.status).toBe("success");
    if (s.status !== "success") return;
    expect(s.value).toMatchObject({
      destinations: ["d-1"],
      itinerary: [
        { day: 1, title: "Chegada", description: null },
        { day: 2, title: "Passeio", description: "Lago Negro" },
      ],
      departures: [{ id: "dep-1", departureDate: "2027-07-10", returnDate: "2027-07-15", seats: 20 }],
      prices: [
        { roomType: "double", ageBand: "adult", priceCents: 289_000 },
        { roomType: "child", ageBand: "infant", priceCents: 0 },
      ],
      includes: ["Hotel", "Traslados"],
      slug: "gramado-natal",
      cost: 0,
      published: false,
    });
  });

  it("refuses rows with errors at their own path", () => {
    expect(errors({ "departures[0].departureDate": "2027-07-10", "departures[0].seats": "0" })?.["departures[0].seats"]).toEqual([pkgErr.seats]);
    expect(errors({ "departures[0].departureDate": "2027-07-10", "departures[0].returnDate": "2027-07-09", "departures[0].seats": "5" })?.["departures[0].returnDate"]).toEqual([pkgErr.returnBeforeDeparture]);
    expect(errors({ "departures[0].seats": "5" })?.["departures[0].departureDate"]).toEqual(["validation.required"]);
    expect(errors({ "destinations[0]": "d-1", "destinations[1]": "d-1" })?.["destinations[1]"]).toEqual([pkgErr.destinationTwice]);
    expect(errors({ "itinerary[0].description": "sem título" })?.["itinerary[0].title"]).toEqual([pkgErr.dayTitle]);
    expect(errors({ "prices.double.adult": "abc" })?.["prices.double.adult"]).toEqual(["services.errors.money"]);
    expect(errors({ slug: "%%%" })?.slug).toEqual([pkgErr.slug]);
  });

  it("publishing needs a departure and a price", () => {
    expect(errors({ published: "on" })?.published).toEqual([pkgErr.publishNeeds]);
    expect(errors({ published: "on", "prices.double.adult": "100,00" })?.published).toEqual([pkgErr.publishNeeds]);
    expect(errors({ published: "on", "prices.double.adult": "100,00", "departures[0].departureDate": "2027-07-10", "departures[0].seats": "3" })).toBeNull();
    expect(publishProblems({ departures: [], prices: [1] })).toEqual(["departure"]);
    expect(publishProblems({ departures: [1], prices: [] })).toEqual(["price"]);
  });

  it("the edit schema needs the version; the span is the first and last departure day", () => {
    const s = parseForm(form({}), packageEditSchema)!;
    expect(s.status).toBe("error");
    expect(departureSpan([{ departureDate: "2027-08-01" }, { departureDate: "2027-06-01" }, { departureDate: "2027-07-01" }])).toEqual({ firstDeparture: "2027-06-01", lastDeparture: "2027-08-01" });
    expect(departureSpan([])).toEqual({ firstDeparture: null, lastDeparture: null });
  });

  it("a stored package reads back as the form posts it", () => {
    const values = packageFormValues(
      { operatorId: "op-1", title: "Gramado", slug: "gramado", summary: null, itinerary: [{ day: 1, title: "Chegada", description: null }], includes: ["Hotel"], excludes: [], costCents: 210_000, currency: "BRL", cancellationPolicy: null, published: true },
      { destinations: ["d-1"], departures: [{ id: "dep-1", departureDate: "2027-07-10", returnDate: null, seats: 20 }], prices: [{ roomType: "double", ageBand: "adult", priceCents: 289_000 }] },
    );
    expect(values).toMatchObject({ cost: "2.100,00", published: "on", includes: "Hotel", prices: { double: { adult: "2.890,00" } }, departures: [{ id: "dep-1", seats: "20", returnDate: "" }] });
    const fields: Record<string, string> = { operatorId: values.operatorId, title: values.title, slug: values.slug, currency: values.currency, published: values.published, includes: values.includes, cost: values.cost, "destinations[0]": "d-1", "itinerary[0].title": "Chegada", "departures[0].id": "dep-1", "departures[0].departureDate": "2027-07-10", "departures[0].seats": "20", "prices.double.adult": "2.890,00" };
    const s = parse(fields);
    expect(s.status).toBe("success");
  });
});
