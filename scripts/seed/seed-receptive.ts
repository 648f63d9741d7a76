/**
 * Demo receptive operation for each demo agency: receptive services (arrival
 * and departure transfers, a city tour, a day trip) run by the agency or by a
 * provider, four drivers (one CNH expiring within the month, so the lists and
 * the expiry alerts have something to show), three guides, a small fleet, and a
 * week of service orders from today, assigned without double bookings (the
 * database refuses those: migration 0013).
 *
 * Deterministic for a given day (fixed ids in the seedId shape with table codes
 * 0151–0155). Runs under plain node (relative imports with .ts).
 */
import { buildSearchText } from "../../app/lib/kit/search-text.ts";
import type { SeedAgency, SeedRow } from "./seed-registers.ts";

/** Tables in insertion order, with the code used in their ids. */
export const RECEPTIVE_TABLES = {
  receptive_service: 0x151,
  driver: 0x152,
  guide: 0x153,
  fleet_vehicle: 0x154,
  receptive_order: 0x155,
} as const;
export type ReceptiveTable = keyof typeof RECEPTIVE_TABLES;

const DAY = 86_400_000;

export function receptiveSeedId(table: ReceptiveTable, agencyIndex: number, n: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `0190a000-${hex(RECEPTIVE_TABLES[table], 4)}-7${hex(agencyIndex + 1, 3)}-8000-${hex(n, 12)}`;
}

type Service = [name: string, kind: string, minutes: number, capacity: number, costReais: number, priceReais: number, description: string];
const SERVICES: Record<string, Service[]> = {
  "sol-viagens": [
    ["Transfer Aeroporto de Guarulhos → hotel", "transfer_in", 120, 0, 180, 320, "Recepção no desembarque com placa, bagagem incluída."],
    ["Transfer hotel → Aeroporto de Guarulhos", "transfer_out", 120, 0, 180, 320, "Saída 4 h antes de voos internacionais."],
    ["City tour São Paulo: Centro, Paulista e Ibirapuera", "city_tour", 300, 14, 90, 189, "Pátio do Colégio, Catedral da Sé, Mercadão, Avenida Paulista e Parque Ibirapuera."],
    ["Passeio de dia inteiro a Embu das Artes", "day_trip", 480, 40, 110, 229, "Feira de artesanato, almoço típico e ateliês."],
  ],
  "mar-turismo": [
    ["Transfer Aeroporto de Salvador → hotel", "transfer_in", 60, 0, 90, 160, "Recepção no desembarque; orla até a Barra ou Rio Vermelho."],
    ["Transfer hotel → Aeroporto de Salvador", "transfer_out", 60, 0, 90, 160, "Saída 3 h antes do voo."],
    ["City tour Salvador histórico", "city_tour", 240, 14, 70, 149, "Pelourinho, Elevador Lacerda, Mercado Modelo e Igreja do Bonfim."],
    ["Dia na Praia do Forte", "day_trip", 540, 40, 120, 259, "Projeto Tamar, vila e piscinas naturais."],
  ],
};

const DRIVERS: [name: string, cpf: string, cnh: string, category: string, expiryDays: number][] = [
  ["Carlos Eduardo Pereira", "52998224725", "04567812390", "D", 700],
  ["José Antônio Ribeiro", "11144477735", "07812345601", "E", 420],
  ["Rafael Gomes da Silva", "39053344705", "01928374650", "D", 21],
  ["Luciana Martins", "86288366757", "08877665544", "B", 900],
];
const GUIDES: [name: string, cadastur: string, expiryDays: number, languages: string[]][] = [
  ["Ana Beatriz Rocha", "21.087654.10.0001-3", 500, ["pt", "es", "en"]],
  ["Thiago Nascimento", "29.123987.10.0002-1", 25, ["pt", "en", "fr"]],
  ["Camila Duarte", "35.456123.10.0003-8", 365, ["pt", "es"]],
];
/** plate, model, type, seats, year, renavam, insurance days, inspection days. */
const FLEET: [string, string, string, number, number, string, number, number][] = [
  ["RTA1B23", "Mercedes-Benz Sprinter 416 Executiva", "van", 15, 2023, "01234567897", 300, 200],
  ["RTA2C34", "Volare W9 Fly", "minibus", 28, 2021, "00987654322", 150, 18],
  ["BRA-3456", "Marcopolo Paradiso 1200 G7", "bus", 46, 2020, "00765432102", 400, 250],
  ["RTA4D56", "Toyota Corolla Cross", "suv", 4, 2024, "01122334459", 210, 365],
];

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function buildReceptiveRows(agencies: readonly SeedAgency[], options: { today: Date; userIds: Record<string, string | null>; providers: Record<string, string[]> }): Record<ReceptiveTable, SeedRow[]> {
  const out: Record<ReceptiveTable, SeedRow[]> = { receptive_service: [], driver: [], guide: [], fleet_vehicle: [], receptive_order: [] };
  // The day the seed runs, at 00:00 UTC; São Paulo and Salvador are UTC−3 all year.
  const today = Date.UTC(options.today.getUTCFullYear(), options.today.getUTCMonth(), options.today.getUTCDate());
  const created = new Date(today - 30 * DAY).toISOString();
  agencies.forEach((agency, ai) => {
    const base = { created_by: options.userIds[agency.id] ?? null, deleted_at: null, created_at: created, updated_at: created, version: 1 };
    const services = (SERVICES[agency.slug] ?? SERVICES["sol-viagens"]!).map((s, i) => {
      const id = receptiveSeedId("receptive_service", ai, i + 1);
      // The day trip is run by a provider of the agency's registers, when it has one.
      const provider = s[1] === "day_trip" ? (options.providers[agency.id]?.[0] ?? null) : null;
      out.receptive_service.push({
        id,
        agency_id: agency.id,
        name: s[0],
        kind: s[1],
        description: s[6],
        duration_minutes: s[2],
        capacity: s[3],
        provider_id: provider,
        cost_cents: s[4] * 100,
        price_cents: s[5] * 100,
        currency: "BRL",
        active: true,
        search_text: buildSearchText(s[0], s[6]),
        created_by: base.created_by,
        deleted_at: null,
        created_at: created,
        updated_at: created,
        version: 1,
      });
      return { id, minutes: s[2], kind: s[1] };
    });
    const drivers = DRIVERS.map((d, i) => {
      const id = receptiveSeedId("driver", ai, i + 1);
      // Each agency's numbers differ (one live CPF / CNH per agency; the two agencies are separate tenants anyway).
      out.driver.push({
        id,
        agency_id: agency.id,
        name: d[0],
        cpf: d[1],
        phone: `${ai === 0 ? "11" : "71"}9${String(81234567 + i * 1111).slice(0, 8)}`,
        email: null,
        cnh_number: d[2],
        cnh_category: d[3],
        cnh_expiry: isoDay(today + d[4] * DAY),
        ear: d[3] !== "B",
        notes: null,
        active: true,
        search_text: buildSearchText(d[0], d[1], d[2]),
        ...base,
      });
      return { id, category: d[3] };
    });
    const guides = GUIDES.map((g, i) => {
      const id = receptiveSeedId("guide", ai, i + 1);
      out.guide.push({
        id,
        agency_id: agency.id,
        name: g[0],
        cpf: null,
        phone: null,
        email: null,
        cadastur_number: g[1],
        cadastur_expiry: isoDay(today + g[2] * DAY),
        languages: JSON.stringify(g[3]),
        notes: null,
        active: true,
        search_text: buildSearchText(g[0], g[1]),
        ...base,
      });
      return id;
    });
    const fleet = FLEET.map((v, i) => {
      const id = receptiveSeedId("fleet_vehicle", ai, i + 1);
      const plate = v[0].replace("-", "");
      out.fleet_vehicle.push({
        id,
        agency_id: agency.id,
        plate,
        model: v[1],
        type: v[2],
        seats: v[3],
        year: v[4],
        renavam: v[5],
        insurance_expiry: isoDay(today + v[6] * DAY),
        inspection_expiry: isoDay(today + v[7] * DAY),
        notes: null,
        active: true,
        search_text: buildSearchText(plate, v[0], v[1], v[5]),
        ...base,
      });
      return { id, seats: v[3] };
    });
    // A week of orders: each day an arrival at 09:00 (van + Carlos), a city tour at 14:00 (micro + José + a guide),
    // a departure at 18:00 (SUV + Luciana) and, every other day, a day trip at 07:00 (bus + Rafael). Times are local
    // (UTC−3), so 09:00 is 12:00Z; no driver, guide or vehicle is in two orders at once.
    const plan: [serviceIndex: number, hour: number, driver: number, vehicle: number, guide: number | null, passengers: number, reference: string, pickup: string, dropoff: string][] = [
      [0, 9, 0, 0, null, 6, "Família Andrade · LA3310", agency.slug === "mar-turismo" ? "Aeroporto de Salvador" : "Aeroporto de Guarulhos, T2", "Hotel"],
      [2, 14, 1, 1, 0, 12, "Grupo Melhor Idade", "Hotel", ""],
      [1, 18, 3, 3, null, 3, "Casal Moreira · G31450", "Hotel", "Aeroporto"],
    ];
    let n = 0;
    for (let d = 0; d < 7; d++) {
      const day = today + d * DAY;
      const rows = d % 2 === 0 ? [...plan, [3, 7, 2, 2, 2, 30, "Excursão Colégio Horizonte", "Praça central", ""] as (typeof plan)[number]] : plan;
      for (const [si, hour, di, vi, gi, pax, reference, pickup, dropoff] of rows) {
        const service = services[si]!;
        const starts = day + (hour + 3) * 3_600_000;
        n++;
        out.receptive_order.push({
          id: receptiveSeedId("receptive_order", ai, n),
          agency_id: agency.id,
          service_id: service.id,
          starts_at: new Date(starts).toISOString(),
          ends_at: new Date(starts + service.minutes * 60_000).toISOString(),
          passengers: Math.min(pax, fleet[vi]!.seats),
          reference,
          pickup,
          dropoff: dropoff || null,
          vehicle_id: fleet[vi]!.id,
          driver_id: drivers[di]!.id,
          guide_id: gi === null ? null : guides[gi]!,
          status: "scheduled",
          notes: null,
          search_text: buildSearchText(reference, pickup, dropoff),
          ...base,
        });
      }
    }
  });
  return out;
}
