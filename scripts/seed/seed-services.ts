/**
 * Demo inventory of ground charters and blocks for each demo agency, dated
 * from `today`: two charters with different seat layouts (the templates of
 * app/lib/services/seat-layout.ts, a few seats blocked), a hotel block (Gramado
 * for Sol, Porto Seguro for Mar) with three room types and some rooming names,
 * and an air block with its segments and passengers. One deadline in each
 * agency falls within 7 days (the hotel block's release, the air block's name
 * deadline), so the lists' marks and the alert job have something to show.
 *
 * Deterministic for a given day (fixed ids in the seedId shape with table codes
 * 0160–0166). Runs under plain node (relative imports with .ts): seat-layout.ts
 * imports app code as `~/…`, which Node resolves here through a module hook
 * (Vite resolves it in the tests).
 */
import { buildSearchText } from "../../app/lib/kit/search-text.ts";
import type { SeedAgency, SeedRow } from "./seed-registers.ts";

/** Tables in insertion order, with the code used in their ids. */
export const SERVICE_TABLES = {
  ground_charter: 0x160,
  accommodation_block: 0x161,
  accommodation_room_type: 0x162,
  accommodation_rooming: 0x163,
  air_block: 0x164,
  air_block_segment: 0x165,
  air_block_passenger: 0x166,
} as const;
export type ServiceTable = keyof typeof SERVICE_TABLES;

export function serviceSeedId(table: ServiceTable, agencyIndex: number, n: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `0190a000-${hex(SERVICE_TABLES[table], 4)}-7${hex(agencyIndex + 1, 3)}-8000-${hex(n, 12)}`;
}

export type ServiceParties = {
  suppliers: { id: string; name: string; category: string }[];
  destinations: { id: string; name: string }[];
  userId: string | null;
};

type TemplateKey = "executivo" | "semi_leito" | "leito" | "double_decker" | "micro_onibus" | "van";
type LayoutModule = {
  templateLayout: (key: TemplateKey) => unknown;
  capacityOf: (layout: never) => { seats: number; blocked: number; sellable: number };
  setBlocked: (layout: never, p: { deck: number; row: number; column: number }, reason: "crew" | "broken" | null) => unknown;
};

/** seat-layout.ts, with `~/…` resolved to app/ when plain Node runs the seed. */
async function seatLayouts(): Promise<LayoutModule> {
  if (!(import.meta as { env?: unknown }).env) {
    const { registerHooks } = await import("node:module");
    const app = new URL("../../app/", import.meta.url);
    registerHooks({
      resolve(specifier, context, next) {
        if (!specifier.startsWith("~/")) return next(specifier, context);
        const target = new URL(specifier.slice(2), app).href;
        return next(/\.[cm]?[jt]sx?$/.test(target) ? target : `${target}.ts`, context);
      },
    });
  }
  return (await import("../../app/lib/services/seat-layout.ts")) as unknown as LayoutModule;
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();

type CharterPlan = { title: string; template: TemplateKey; plate: string; company: number; origin: string; stops: string[]; destination: string; inDays: number; nights: number; hour: number; costCents: number; antt: string; blocked: [number, number, number, "crew" | "broken"][] };
type RoomPlan = { name: string; occupancy: number; quantity: number; cost: number; price: number };
type HotelPlan = { title: string; hotel: string; destination: string; inDays: number; nights: number; releaseInDays: number; mealPlan: string; rooms: RoomPlan[]; guests: string[][] };
type FlightPlan = { flight: string; from: string; to: string; dayOffset: number; depart: string; minutes: number };
type AirPlan = { title: string; airline: string; destination: string; locator: string; inDays: number; seats: number; fareCost: number; farePrice: number; taxes: number; nameDeadlineInDays: number; ticketingInDays: number; flights: FlightPlan[]; passengers: [string, string, string, string][] };

const PLANS: { charters: CharterPlan[]; hotel: HotelPlan; air: AirPlan }[] = [
  {
    charters: [
      {
        title: "Gramado Natal Luz – ônibus 1",
        template: "executivo",
        plate: "FRT4E21",
        company: 0,
        origin: "São Paulo - SP",
        stops: ["Curitiba - PR", "Florianópolis - SC"],
        destination: "Gramado - RS",
        inDays: 24,
        nights: 5,
        hour: 21,
        costCents: 2_150_000,
        antt: "ANTT 204871/2026",
        blocked: [[0, 0, 0, "crew"], [0, 0, 1, "crew"]],
      },
      {
        title: "Campos do Jordão – inverno (leito)",
        template: "leito",
        plate: "GHT2B77",
        company: 1,
        origin: "São Paulo - SP",
        stops: ["São José dos Campos - SP"],
        destination: "Campos do Jordão - SP",
        inDays: 45,
        nights: 3,
        hour: 7,
        costCents: 980_000,
        antt: "ANTT 205112/2026",
        blocked: [[0, 3, 0, "broken"]],
      },
    ],
    hotel: {
      title: "Gramado Natal Luz – Hotel Vale das Hortênsias",
      hotel: "Hotel Vale das Hortênsias",
      destination: "Gramado",
      inDays: 25,
      nights: 4,
      releaseInDays: 5,
      mealPlan: "breakfast",
      rooms: [
        { name: "Standard duplo", occupancy: 2, quantity: 6, cost: 42_000, price: 54_000 },
        { name: "Superior triplo", occupancy: 3, quantity: 4, cost: 56_000, price: 72_000 },
        { name: "Suíte família", occupancy: 4, quantity: 2, cost: 78_000, price: 99_000 },
      ],
      guests: [["Mariana Albuquerque", "Rafael Albuquerque"], ["Cláudia Menezes", "Jorge Menezes"], [], [], [], [], ["Patrícia Lopes", "Lucas Lopes", "Sofia Lopes"]],
    },
    air: {
      title: "Lisboa e Porto – maio (LATAM)",
      airline: "LATAM",
      destination: "Lisboa",
      locator: "KQ7M2T",
      inDays: 40,
      seats: 20,
      fareCost: 389_000,
      farePrice: 459_000,
      taxes: 61_000,
      nameDeadlineInDays: 6,
      ticketingInDays: 14,
      flights: [
        { flight: "LA 8146", from: "GRU", to: "LIS", dayOffset: 0, depart: "22:35", minutes: 620 },
        { flight: "LA 8147", from: "LIS", to: "GRU", dayOffset: 10, depart: "11:20", minutes: 650 },
      ],
      passengers: [
        ["ALBUQUERQUE", "MARIANA", "FZ482917", "1984-03-12"],
        ["ALBUQUERQUE", "RAFAEL", "FZ482918", "1982-11-02"],
        ["MENEZES", "CLAUDIA", "GB173406", "1975-07-21"],
      ],
    },
  },
  {
    charters: [
      {
        title: "Chapada Diamantina – double-decker",
        template: "double_decker",
        plate: "PJK8C45",
        company: 0,
        origin: "Salvador - BA",
        stops: ["Feira de Santana - BA"],
        destination: "Lençóis - BA",
        inDays: 18,
        nights: 4,
        hour: 6,
        costCents: 1_480_000,
        antt: "ANTT 318842/2026",
        blocked: [[0, 0, 0, "crew"]],
      },
      {
        title: "Praia do Forte – micro-ônibus",
        template: "micro_onibus",
        plate: "OUV1A93",
        company: 1,
        origin: "Salvador - BA",
        stops: [],
        destination: "Mata de São João - BA",
        inDays: 9,
        nights: 2,
        hour: 8,
        costCents: 420_000,
        antt: "ANTT 319007/2026",
        blocked: [],
      },
    ],
    hotel: {
      title: "Porto Seguro – réveillon, Pousada Porto Seguro Sol",
      hotel: "Pousada Porto Seguro Sol",
      destination: "Porto Seguro",
      inDays: 30,
      nights: 5,
      releaseInDays: 4,
      mealPlan: "half_board",
      rooms: [
        { name: "Standard duplo", occupancy: 2, quantity: 5, cost: 38_000, price: 49_000 },
        { name: "Luxo vista mar", occupancy: 2, quantity: 3, cost: 52_000, price: 68_000 },
        { name: "Chalé triplo", occupancy: 3, quantity: 2, cost: 61_000, price: 79_000 },
      ],
      guests: [["Tiago Nascimento", "Juliana Nascimento"], [], [], [], [], ["Renata Prado", "Caio Prado"]],
    },
    air: {
      title: "Florianópolis – verão (Azul)",
      airline: "Azul",
      destination: "Florianópolis",
      locator: "AZ4F9P",
      inDays: 35,
      seats: 16,
      fareCost: 142_000,
      farePrice: 179_000,
      taxes: 9_800,
      nameDeadlineInDays: 5,
      ticketingInDays: 12,
      flights: [
        { flight: "AD 4570", from: "SSA", to: "VCP", dayOffset: 0, depart: "06:10", minutes: 140 },
        { flight: "AD 4110", from: "VCP", to: "FLN", dayOffset: 0, depart: "09:30", minutes: 75 },
        { flight: "AD 4111", from: "FLN", to: "VCP", dayOffset: 7, depart: "15:05", minutes: 75 },
        { flight: "AD 4571", from: "VCP", to: "SSA", dayOffset: 7, depart: "18:40", minutes: 140 },
      ],
      passengers: [
        ["NASCIMENTO", "TIAGO", "12345678909", "1988-05-30"],
        ["NASCIMENTO", "JULIANA", "98765432100", "1990-09-14"],
        ["PRADO", "RENATA", "11144477735", "1979-01-08"],
        ["PRADO", "CAIO", "52998224725", "2012-06-19"],
      ],
    },
  },
];

/** "22:35" on the day `ms` falls on, in São Paulo and Salvador (UTC−3, no daylight saving) → UTC ms. */
const localAt = (dayMs: number, hhmm: string) => Date.parse(`${isoDay(dayMs)}T${hhmm}:00.000Z`) + 3 * HOUR;

export async function buildServiceRows(agencies: readonly SeedAgency[], options: { today: Date; parties: Record<string, ServiceParties> }): Promise<Record<ServiceTable, SeedRow[]>> {
  const { templateLayout, capacityOf, setBlocked } = await seatLayouts();
  const todayMs = Date.parse(`${isoDay(options.today.getTime())}T12:00:00.000Z`);
  const createdAt = iso(todayMs - 10 * DAY);
  const rows: Record<ServiceTable, SeedRow[]> = {
    ground_charter: [],
    accommodation_block: [],
    accommodation_room_type: [],
    accommodation_rooming: [],
    air_block: [],
    air_block_segment: [],
    air_block_passenger: [],
  };
  const stamp = { created_at: createdAt, updated_at: createdAt };
  agencies.forEach((agency, ai) => {
    const plan = PLANS[ai % PLANS.length]!;
    const parties = options.parties[agency.id];
    if (!parties) return;
    const ofCategory = (category: string) => parties.suppliers.filter((s) => s.category === category);
    const named = (category: string, name: string) => ofCategory(category).find((s) => s.name.includes(name)) ?? ofCategory(category)[0];
    const place = (name: string) => parties.destinations.find((d) => d.name === name) ?? null;
    const buses = ofCategory("bus_company");

    plan.charters.forEach((c, i) => {
      const company = buses[c.company % Math.max(1, buses.length)];
      if (!company) return;
      let layout = templateLayout(c.template);
      for (const [deck, row, column, reason] of c.blocked) layout = setBlocked(layout as never, { deck, row, column }, reason);
      const departure = localAt(todayMs + c.inDays * DAY, `${String(c.hour).padStart(2, "0")}:00`);
      rows.ground_charter.push({
        id: serviceSeedId("ground_charter", ai, i + 1),
        agency_id: agency.id,
        title: c.title,
        supplier_id: company.id,
        vehicle_type: c.template,
        vehicle_plate: c.plate,
        seat_layout: JSON.stringify(layout),
        capacity: capacityOf(layout as never).sellable,
        origin: c.origin,
        stops: JSON.stringify(c.stops),
        destination_name: c.destination,
        destination_id: place(c.destination.split(" - ")[0]!)?.id ?? null,
        departure_at: iso(departure),
        return_at: iso(departure + c.nights * DAY + 12 * HOUR),
        cost_cents: c.costCents,
        currency: "BRL",
        antt_authorization: c.antt,
        antt_valid_until: isoDay(departure + (c.nights + 10) * DAY),
        notes: null,
        search_text: buildSearchText(c.title, c.origin, c.stops, c.destination, company.name, c.plate, c.antt),
        created_by: parties.userId,
        ...stamp,
        version: 1,
      });
    });

    const h = plan.hotel;
    const hotel = named("hotel", h.hotel);
    if (hotel) {
      const blockId = serviceSeedId("accommodation_block", ai, 1);
      const destination = place(h.destination);
      rows.accommodation_block.push({
        id: blockId,
        agency_id: agency.id,
        title: h.title,
        hotel_id: hotel.id,
        destination_id: destination?.id ?? null,
        check_in: isoDay(todayMs + h.inDays * DAY),
        check_out: isoDay(todayMs + (h.inDays + h.nights) * DAY),
        meal_plan: h.mealPlan,
        release_date: isoDay(todayMs + h.releaseInDays * DAY),
        currency: "BRL",
        notes: "Tarifa de grupo confirmada por e-mail; crianças até 6 anos não pagam.",
        search_text: buildSearchText(h.title, hotel.name, destination?.name, ...h.rooms.map((r) => r.name)),
        created_by: parties.userId,
        ...stamp,
        version: 1,
      });
      let roomNo = 0;
      let guestNo = 0;
      h.rooms.forEach((r, ti) => {
        const typeId = serviceSeedId("accommodation_room_type", ai, ti + 1);
        rows.accommodation_room_type.push({
          id: typeId,
          agency_id: agency.id,
          block_id: blockId,
          name: r.name,
          occupancy: r.occupancy,
          quantity: r.quantity,
          nightly_cost_cents: r.cost,
          nightly_price_cents: r.price,
          position: ti,
          archived_at: null,
          ...stamp,
        });
        for (let n = 1; n <= r.quantity; n++) {
          const guests = (h.guests[guestNo++] ?? []).slice(0, r.occupancy);
          rows.accommodation_rooming.push({
            id: serviceSeedId("accommodation_rooming", ai, ++roomNo),
            agency_id: agency.id,
            block_id: blockId,
            room_type_id: typeId,
            room_index: n,
            guests: JSON.stringify(guests.map((name) => ({ name, clientId: null }))),
            sale_id: null,
            notes: null,
            ...stamp,
            version: 1,
          });
        }
      });
    }

    const a = plan.air;
    const airline = named("airline", a.airline);
    if (airline) {
      const blockId = serviceSeedId("air_block", ai, 1);
      const destination = place(a.destination);
      const start = todayMs + a.inDays * DAY;
      const flights = a.flights.map((f) => {
        const departure = localAt(start + f.dayOffset * DAY, f.depart);
        return { ...f, departureAt: iso(departure), arrivalAt: iso(departure + f.minutes * 60_000) };
      });
      rows.air_block.push({
        id: blockId,
        agency_id: agency.id,
        title: a.title,
        airline_id: airline.id,
        destination_id: destination?.id ?? null,
        locator: a.locator,
        seats: a.seats,
        fare_cost_cents: a.fareCost,
        fare_price_cents: a.farePrice,
        taxes_cents: a.taxes,
        currency: "BRL",
        name_deadline: iso(localAt(todayMs + a.nameDeadlineInDays * DAY, "18:00")),
        ticketing_deadline: iso(localAt(todayMs + a.ticketingInDays * DAY, "18:00")),
        departure_at: flights[0]!.departureAt,
        notes: "Bagagem de 23 kg incluída; marcação de assento na emissão.",
        search_text: buildSearchText(a.title, a.locator, airline.name, destination?.name, ...a.flights.flatMap((f) => [f.flight, f.from, f.to])),
        created_by: parties.userId,
        ...stamp,
        version: 1,
      });
      flights.forEach((f, i) =>
        rows.air_block_segment.push({
          id: serviceSeedId("air_block_segment", ai, i + 1),
          agency_id: agency.id,
          block_id: blockId,
          position: i,
          flight_number: f.flight,
          from_iata: f.from,
          to_iata: f.to,
          departure_at: f.departureAt,
          arrival_at: f.arrivalAt,
          ...stamp,
        }),
      );
      a.passengers.forEach(([last, first, document, birth], i) =>
        rows.air_block_passenger.push({
          id: serviceSeedId("air_block_passenger", ai, i + 1),
          agency_id: agency.id,
          block_id: blockId,
          position: i + 1,
          last_name: last,
          first_name: first,
          document,
          birth_date: birth,
          client_id: null,
          sale_id: null,
          ticket_number: null,
          notes: null,
          ...stamp,
          version: 1,
        }),
      );
    }
  });
  return rows;
}
