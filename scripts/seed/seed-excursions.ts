/**
 * Demo excursions for each demo agency, dated from `today`: two open trips on
 * the agency's ground charters (their seat maps, dates and capacity) with three
 * or two boarding points in real cities, price tiers, a guide, a driver and a
 * hotel block; an open trip with a plain capacity on a fleet bus; a closed one
 * (sales over, leaving soon) and a draft. Open and closed trips are published.
 * No passengers: sales come with #16.
 *
 * Deterministic for a given day (fixed ids in the seedId shape with table codes
 * 0170–0174; slugs unique per agency). Runs under plain node (relative imports
 * with .ts).
 */
import { buildSearchText, registerSearchText } from "../../app/lib/kit/search-text.ts";
import { packageSlug } from "../../app/lib/services/slug.ts";
import type { SeedAgency, SeedRow } from "./seed-registers.ts";

/** Tables in insertion order, with the code used in their ids. */
export const EXCURSION_TABLES = {
  destination: 0x170,
  excursion: 0x171,
  excursion_boarding: 0x172,
  excursion_price: 0x173,
  excursion_component: 0x174,
} as const;
export type ExcursionTable = keyof typeof EXCURSION_TABLES;

export function excursionSeedId(table: ExcursionTable, agencyIndex: number, n: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `0190a000-${hex(EXCURSION_TABLES[table], 4)}-7${hex(agencyIndex + 1, 3)}-8000-${hex(n, 12)}`;
}

/** What the other demo data gives the excursions of one agency. */
export type ExcursionParties = {
  /** The agency's ground charters, in their seed order. */
  charters: { id: string; title: string; capacity: number; departureAt: string; returnAt: string | null; destinationId: string | null }[];
  /** Its boarding points in their seed order, with the usual offset after the departure. */
  boardingPoints: { id: string; name: string; offset: number }[];
  destinations: { id: string; name: string }[];
  guides: string[];
  drivers: string[];
  fleet: { id: string; plate: string; seats: number }[];
  hotelBlocks: string[];
  userId: string | null;
};

const DAY = 86_400_000;
const HOUR = 3_600_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms: number) => new Date(ms).toISOString();
/** A day's local time in São Paulo (UTC−3, no daylight saving) as an instant. */
const localAt = (dayMs: number, hour: number) => Date.parse(`${isoDay(dayMs)}T${String(hour).padStart(2, "0")}:00:00.000Z`) + 3 * HOUR;

type Price = [room: "single" | "double" | "triple" | "quadruple" | "child", age: "adult" | "senior" | "child" | "infant", reais: number];
type Plan = {
  title: string;
  destination: string;
  summary: string;
  status: "draft" | "open" | "closed";
  /** A charter of the agency (its index), or a plain trip: days from today, nights, hour, capacity, a fleet plate. */
  charter?: number;
  plain?: { inDays: number; nights: number; hour: number; capacity: number; plate: string | null };
  /** Boarding points (their index in the agency's list). */
  points: number[];
  prices: Price[];
  crew: boolean;
  hotelBlock: boolean;
  minPassengers: number;
  includes: string[];
  excludes: string[];
};

const POLICY = "Até 30 dias antes da saída: reembolso integral menos R$ 100. De 29 a 15 dias: multa de 30%. De 14 a 7 dias: multa de 50%. Menos de 7 dias ou não comparecimento: sem reembolso. Troca de titular sem custo até 48 h antes.";
const BUS_INCLUDES = ["Transporte em ônibus de turismo com ar-condicionado", "Seguro viagem", "Coordenador da agência durante toda a viagem"];

/** Destinations a plan needs that the registers' demo data may not have. */
const EXTRA_PLACES: Record<string, { city: string; state: string; description: string }> = {
  "Praia do Forte": { city: "Mata de São João", state: "BA", description: "Vila de pescadores no litoral norte da Bahia: Projeto Tamar, piscinas naturais e a Reserva de Sapiranga." },
};

const PLANS: Record<string, Plan[]> = {
  "sol-viagens": [
    {
      title: "Excursão Gramado Natal Luz",
      destination: "Gramado",
      summary: "Cinco noites na Serra Gaúcha no Natal Luz, saindo de São Paulo e Campinas em ônibus executivo.",
      status: "open",
      charter: 0,
      points: [0, 1, 4],
      prices: [
        ["double", "adult", 2890],
        ["double", "senior", 2690],
        ["triple", "adult", 2690],
        ["single", "adult", 3790],
        ["child", "child", 1490],
        ["child", "infant", 0],
      ],
      crew: true,
      hotelBlock: true,
      minPassengers: 25,
      includes: [...BUS_INCLUDES, "5 noites com café da manhã", "Ingresso do Grande Desfile de Natal"],
      excludes: ["Almoços e jantares", "Passeios opcionais"],
    },
    {
      title: "Campos do Jordão — Festival de Inverno",
      destination: "Campos do Jordão",
      summary: "Três noites em Campos do Jordão em ônibus leito, com o Festival de Inverno e o Capivari.",
      status: "open",
      charter: 1,
      points: [0, 2],
      prices: [
        ["double", "adult", 1590],
        ["double", "senior", 1490],
        ["child", "child", 890],
      ],
      crew: true,
      hotelBlock: false,
      minPassengers: 15,
      includes: [...BUS_INCLUDES, "3 noites com café da manhã"],
      excludes: ["Ingressos dos concertos", "Refeições"],
    },
    {
      title: "Beto Carrero World — feriado",
      destination: "Beto Carrero World",
      summary: "Dois dias no parque, com hotel em Penha e saída de São Paulo na véspera à noite.",
      status: "open",
      plain: { inDays: 38, nights: 2, hour: 22, capacity: 46, plate: "BRA3456" },
      points: [1, 3],
      prices: [
        ["quadruple", "adult", 990],
        ["double", "adult", 1190],
        ["child", "child", 790],
      ],
      crew: true,
      hotelBlock: false,
      minPassengers: 30,
      includes: [...BUS_INCLUDES, "Passaporte de 2 dias do parque", "2 noites em Penha"],
      excludes: ["Refeições", "Fast pass"],
    },
    {
      title: "Foz do Iguaçu — Cataratas de ônibus",
      destination: "Foz do Iguaçu",
      summary: "Cataratas dos lados brasileiro e argentino, Itaipu e o Marco das Três Fronteiras.",
      status: "closed",
      plain: { inDays: 9, nights: 4, hour: 19, capacity: 28, plate: "RTA2C34" },
      points: [1],
      prices: [
        ["double", "adult", 1890],
        ["triple", "adult", 1790],
      ],
      crew: true,
      hotelBlock: false,
      minPassengers: 18,
      includes: [...BUS_INCLUDES, "4 noites com café da manhã", "Ingresso do Parque Nacional"],
      excludes: ["Lado argentino (taxa paga no local)"],
    },
    {
      title: "Bonito — rios cristalinos (rascunho)",
      destination: "Bonito",
      summary: "Flutuação no Rio da Prata, Gruta do Lago Azul e Buraco das Araras.",
      status: "draft",
      plain: { inDays: 95, nights: 5, hour: 18, capacity: 46, plate: null },
      points: [1],
      prices: [["double", "adult", 3290]],
      crew: false,
      hotelBlock: false,
      minPassengers: 25,
      includes: [...BUS_INCLUDES],
      excludes: ["Passeios (vagas limitadas)"],
    },
  ],
  "mar-turismo": [
    {
      title: "Chapada Diamantina — Lençóis e Fumaça",
      destination: "Chapada Diamantina",
      summary: "Quatro noites em Lençóis: Cachoeira da Fumaça, Poço Azul e o pôr do sol no Pai Inácio.",
      status: "open",
      charter: 0,
      points: [0, 1, 4],
      prices: [
        ["double", "adult", 1990],
        ["double", "senior", 1850],
        ["triple", "adult", 1850],
        ["child", "child", 990],
      ],
      crew: true,
      hotelBlock: false,
      minPassengers: 30,
      includes: [...BUS_INCLUDES, "4 noites com café da manhã", "Guia credenciado nas trilhas"],
      excludes: ["Almoços", "Taxas dos parques"],
    },
    {
      title: "Praia do Forte — fim de semana",
      destination: "Praia do Forte",
      summary: "Duas noites no litoral norte: Projeto Tamar, piscinas naturais e a vila.",
      status: "open",
      charter: 1,
      points: [0, 3],
      prices: [
        ["double", "adult", 890],
        ["child", "child", 490],
      ],
      crew: true,
      hotelBlock: false,
      minPassengers: 12,
      includes: [...BUS_INCLUDES, "2 noites com café da manhã"],
      excludes: ["Refeições"],
    },
    {
      title: "Porto Seguro — réveillon de ônibus",
      destination: "Porto Seguro",
      summary: "Cinco noites na Costa do Descobrimento com a virada na Passarela do Álcool.",
      status: "open",
      plain: { inDays: 30, nights: 5, hour: 20, capacity: 46, plate: "BRA3456" },
      points: [0, 2],
      prices: [
        ["double", "adult", 2490],
        ["child", "child", 1290],
      ],
      crew: true,
      hotelBlock: true,
      minPassengers: 30,
      includes: [...BUS_INCLUDES, "5 noites com meia pensão"],
      excludes: ["Festa de réveillon"],
    },
    {
      title: "Morro de São Paulo — catamarã e praias",
      destination: "Morro de São Paulo",
      summary: "Três noites na ilha de Tinharé, com traslado ao terminal e catamarã.",
      status: "closed",
      plain: { inDays: 6, nights: 3, hour: 7, capacity: 15, plate: "RTA1B23" },
      points: [1],
      prices: [["double", "adult", 1390]],
      crew: false,
      hotelBlock: false,
      minPassengers: 8,
      includes: ["Traslado de van ao terminal", "Catamarã ida e volta", "3 noites com café da manhã"],
      excludes: ["Taxa de preservação da ilha"],
    },
    {
      title: "Fernando de Noronha (rascunho)",
      destination: "Fernando de Noronha",
      summary: "Em estudo: voo fretado a partir de Salvador.",
      status: "draft",
      plain: { inDays: 120, nights: 4, hour: 9, capacity: 20, plate: null },
      points: [3],
      prices: [["double", "adult", 6890]],
      crew: false,
      hotelBlock: false,
      minPassengers: 15,
      includes: ["4 noites em pousada"],
      excludes: ["Taxa de preservação ambiental"],
    },
  ],
};

export function buildExcursionRows(agencies: readonly SeedAgency[], options: { today: Date; parties: Record<string, ExcursionParties> }): Record<ExcursionTable, SeedRow[]> {
  const todayMs = Date.parse(`${isoDay(options.today.getTime())}T12:00:00.000Z`);
  const createdAt = iso(todayMs - 8 * DAY);
  const out: Record<ExcursionTable, SeedRow[]> = { destination: [], excursion: [], excursion_boarding: [], excursion_price: [], excursion_component: [] };
  agencies.forEach((agency, ai) => {
    const parties = options.parties[agency.id];
    const plans = PLANS[agency.slug];
    if (!parties || !plans || parties.boardingPoints.length === 0) return;
    const places = new Map(parties.destinations.map((d) => [d.name, d.id]));
    let placeN = 0;
    const placeOf = (name: string): string => {
      const known = places.get(name);
      if (known) return known;
      const extra = EXTRA_PLACES[name];
      const id = excursionSeedId("destination", ai, ++placeN);
      const spec = { name, city: extra?.city ?? name, state: extra?.state ?? null, country: "BR", description: extra?.description ?? null };
      out.destination.push({
        id,
        agency_id: agency.id,
        ...spec,
        cover_key: null,
        search_text: registerSearchText.destination(spec),
        created_by: null,
        deleted_at: null,
        created_at: createdAt,
        updated_at: createdAt,
        version: 1,
      });
      places.set(name, id);
      return id;
    };
    let boardingN = 0;
    let priceN = 0;
    let componentN = 0;
    plans.forEach((plan, pi) => {
      const id = excursionSeedId("excursion", ai, pi + 1);
      const charter = plan.charter !== undefined ? parties.charters[plan.charter] : undefined;
      let departure: number;
      let back: number;
      let capacity: number;
      let vehicleId: string | null = null;
      if (charter) {
        departure = Date.parse(charter.departureAt);
        back = charter.returnAt ? Date.parse(charter.returnAt) : departure + 2 * DAY;
        capacity = charter.capacity;
      } else {
        const p = plan.plain ?? { inDays: 30 + pi * 7, nights: 3, hour: 20, capacity: 40, plate: null };
        departure = localAt(todayMs + p.inDays * DAY, p.hour);
        back = departure + p.nights * DAY + 14 * HOUR;
        const bus = p.plate ? parties.fleet.find((v) => v.plate === p.plate) : undefined;
        vehicleId = bus?.id ?? null;
        capacity = bus ? Math.min(p.capacity, bus.seats) : p.capacity;
      }
      const destinationId = placeOf(plan.destination);
      const slug = packageSlug(agency.slug, plan.title);
      const published = plan.status !== "draft";
      out.excursion.push({
        id,
        agency_id: agency.id,
        title: plan.title,
        slug,
        summary: plan.summary,
        destination_id: destinationId,
        departure_at: iso(departure),
        return_at: iso(back),
        charter_id: charter?.id ?? null,
        capacity,
        vehicle_id: vehicleId,
        min_passengers: plan.minPassengers,
        includes: JSON.stringify(plan.includes),
        excludes: JSON.stringify(plan.excludes),
        cancellation_policy: POLICY,
        currency: "BRL",
        status: plan.status,
        status_reason: null,
        status_changed_at: plan.status === "draft" ? null : createdAt,
        published,
        published_at: published ? createdAt : null,
        manifest_final_at: null,
        manifest_final_by: null,
        cloned_from: null,
        search_text: buildSearchText(plan.title, slug, plan.destination, charter?.title ?? null),
        created_by: parties.userId,
        archived_at: null,
        created_at: createdAt,
        updated_at: createdAt,
        version: 1,
      });
      plan.points
        .map((n) => parties.boardingPoints[n])
        .filter((p): p is ExcursionParties["boardingPoints"][number] => !!p)
        .sort((a, b) => a.offset - b.offset)
        .forEach((point, position) => {
          out.excursion_boarding.push({
            id: excursionSeedId("excursion_boarding", ai, ++boardingN),
            agency_id: agency.id,
            excursion_id: id,
            boarding_point_id: point.id,
            departure_at: iso(departure + point.offset * 60_000),
            position,
            archived_at: null,
            created_at: createdAt,
            updated_at: createdAt,
          });
        });
      for (const [room, age, reais] of plan.prices) {
        out.excursion_price.push({
          id: excursionSeedId("excursion_price", ai, ++priceN),
          agency_id: agency.id,
          excursion_id: id,
          room_type: room,
          age_band: age,
          price_cents: reais * 100,
          created_at: createdAt,
          updated_at: createdAt,
        });
      }
      const components: { kind: string; column: string; ref: string | undefined; notes: string | null }[] = [];
      if (plan.crew) {
        components.push({ kind: "guide", column: "guide_id", ref: parties.guides[pi % Math.max(1, parties.guides.length)], notes: null });
        components.push({ kind: "driver", column: "driver_id", ref: parties.drivers[pi % Math.max(1, parties.drivers.length)], notes: "Primeiro motorista" });
        if (capacity > 30) components.push({ kind: "driver", column: "driver_id", ref: parties.drivers[(pi + 1) % Math.max(1, parties.drivers.length)], notes: "Segundo motorista (revezamento)" });
      }
      if (plan.hotelBlock) components.push({ kind: "hotel_block", column: "hotel_block_id", ref: parties.hotelBlocks[0], notes: null });
      const seen = new Set<string>();
      components
        .filter((c) => c.ref && !seen.has(`${c.kind}:${c.ref}`) && seen.add(`${c.kind}:${c.ref}`))
        .forEach((c, position) => {
          out.excursion_component.push({
            id: excursionSeedId("excursion_component", ai, ++componentN),
            agency_id: agency.id,
            excursion_id: id,
            kind: c.kind,
            hotel_block_id: c.column === "hotel_block_id" ? c.ref! : null,
            air_block_id: null,
            receptive_service_id: null,
            guide_id: c.column === "guide_id" ? c.ref! : null,
            driver_id: c.column === "driver_id" ? c.ref! : null,
            notes: c.notes,
            position,
            created_at: createdAt,
            updated_at: createdAt,
          });
        });
    });
  });
  return out;
}
