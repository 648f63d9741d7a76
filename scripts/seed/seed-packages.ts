/**
 * Demo third-party packages for each demo agency: eight packages of the
 * agency's tour operators to real destinations (Gramado, Porto Seguro,
 * Bariloche, Lisboa + Porto, Orlando, Cancún, Fernando de Noronha, Jalapão),
 * with a day-by-day itinerary, includes / excludes, prices per person by room
 * type and age band, a cancellation policy and 2–4 upcoming departures counted
 * from `today`; most are published. Destinations the registers do not have
 * (Bariloche, Porto, Orlando, Cancún, Jalapão) are added to the agency's
 * destinations. No images.
 *
 * Deterministic for a given day (fixed ids in the seedId shape with table codes
 * 0141–0145, unique slugs per agency). Runs under plain node (relative imports
 * with .ts).
 */
import { buildSearchText, registerSearchText } from "../../app/lib/kit/search-text.ts";
import { packageSlug } from "../../app/lib/services/slug.ts";
import type { SeedAgency, SeedRow } from "./seed-registers.ts";

/** Tables in insertion order, with the code used in their ids. */
export const PACKAGE_TABLES = {
  destination: 0x141,
  third_party_package: 0x142,
  third_party_package_destination: 0,
  third_party_package_departure: 0x143,
  third_party_package_price: 0x144,
} as const;
export type PackageTable = keyof typeof PACKAGE_TABLES;

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function packageSeedId(table: Exclude<PackageTable, "third_party_package_destination">, agencyIndex: number, n: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `0190a000-${hex(PACKAGE_TABLES[table], 4)}-7${hex(agencyIndex + 1, 3)}-8000-${hex(n, 12)}`;
}

type Place = { name: string; city: string; state: string | null; country: string; description: string };

/** Destinations the packages need that the registers' demo data does not have. */
const EXTRA_PLACES: Place[] = [
  { name: "Bariloche", city: "San Carlos de Bariloche", state: "Río Negro", country: "AR", description: "Patagônia argentina: Cerro Catedral, Circuito Chico, chocolates e lagos andinos." },
  { name: "Porto", city: "Porto", state: null, country: "PT", description: "Ribeira, caves do vinho do Porto em Vila Nova de Gaia e o Vale do Douro." },
  { name: "Orlando", city: "Orlando", state: "FL", country: "US", description: "Parques da Disney e da Universal, outlets e o Kennedy Space Center." },
  { name: "Cancún", city: "Cancún", state: "Quintana Roo", country: "MX", description: "Caribe mexicano: resorts all inclusive, Isla Mujeres, Chichén Itzá e cenotes." },
  { name: "Jalapão", city: "Mateiros", state: "TO", country: "BR", description: "Dunas douradas, fervedouros, cachoeiras e o capim dourado no Tocantins." },
];

type Price = [room: "single" | "double" | "triple" | "quadruple" | "child", age: "adult" | "senior" | "child" | "infant", reais: number];
type Spec = {
  title: string;
  places: string[];
  summary: string;
  days: [string, string][];
  includes: string[];
  excludes: string[];
  /** Departures: days from today, nights, seats. */
  departures: [number, number, number][];
  prices: Price[];
  costReais: number;
  currency: string;
  policy: string;
  published: boolean;
};

const POLICY_BR = "Até 30 dias antes do embarque: reembolso integral menos a taxa de R$ 150. De 29 a 15 dias: multa de 20%. De 14 a 7 dias: multa de 50%. Menos de 7 dias ou não comparecimento: sem reembolso.";
const POLICY_INT = "Até 45 dias antes do embarque: multa de 10%. De 44 a 21 dias: multa de 30%. De 20 a 8 dias: multa de 60%. Menos de 8 dias: sem reembolso. Passagens aéreas seguem as regras da companhia.";

const SPECS: Spec[] = [
  {
    title: "Gramado e Canela — Natal Luz",
    places: ["Gramado"],
    summary: "Cinco noites na Serra Gaúcha durante o Natal Luz, com ingressos para o Grande Desfile e passeios por Gramado e Canela.",
    days: [
      ["Chegada a Porto Alegre e traslado a Gramado", "Recepção no aeroporto Salgado Filho e traslado ao hotel (cerca de 2 horas)."],
      ["City tour Gramado e Canela", "Lago Negro, Rua Coberta, Catedral de Pedra e Cascata do Caracol."],
      ["Tour de uva e vinho", "Vale dos Vinhedos com degustação em duas vinícolas e almoço típico."],
      ["Natal Luz", "Dia livre e, à noite, o Grande Desfile de Natal com ingresso em arquibancada."],
      ["Dia livre", "Sugestão: Snowland, Mini Mundo ou fábricas de chocolate."],
      ["Retorno", "Traslado ao aeroporto de Porto Alegre."],
    ],
    includes: ["5 noites com café da manhã", "Traslados aeroporto ↔ hotel", "City tour e tour de uva e vinho", "Ingresso do Grande Desfile de Natal", "Seguro viagem"],
    excludes: ["Passagem aérea", "Almoços e jantares não mencionados", "Taxa de turismo municipal"],
    departures: [
      [21, 5, 30],
      [35, 5, 30],
      [49, 5, 24],
    ],
    prices: [
      ["single", "adult", 5290],
      ["double", "adult", 3890],
      ["double", "senior", 3690],
      ["triple", "adult", 3590],
      ["child", "child", 1990],
      ["child", "infant", 0],
    ],
    costReais: 3100,
    currency: "BRL",
    policy: POLICY_BR,
    published: true,
  },
  {
    title: "Porto Seguro, Arraial d'Ajuda e Trancoso",
    places: ["Porto Seguro"],
    summary: "Sete noites na Costa do Descobrimento com passeios a Arraial d'Ajuda, Trancoso e Recife de Fora.",
    days: [
      ["Chegada", "Traslado do aeroporto de Porto Seguro à pousada na Passarela do Descobrimento."],
      ["City tour histórico", "Cidade Histórica, Marco do Descobrimento e Igreja Nossa Senhora da Pena."],
      ["Arraial d'Ajuda", "Travessia de balsa, Praia de Pitinga e a Rua do Mucugê à noite."],
      ["Recife de Fora", "Passeio de escuna com mergulho nas piscinas naturais (conforme a maré)."],
      ["Trancoso", "O Quadrado, Praia dos Coqueiros e o pôr do sol na igrejinha de São João Batista."],
      ["Dias livres", "Praias de Taperapuã e Mutá; axé moi à noite."],
      ["Retorno", "Traslado ao aeroporto."],
    ],
    includes: ["7 noites com café da manhã", "Traslados", "Passeios a Arraial, Trancoso e Recife de Fora"],
    excludes: ["Passagem aérea", "Taxa de embarque da escuna", "Refeições"],
    departures: [
      [14, 7, 20],
      [42, 7, 20],
      [70, 7, 20],
      [98, 7, 16],
    ],
    prices: [
      ["single", "adult", 3990],
      ["double", "adult", 2790],
      ["triple", "adult", 2590],
      ["quadruple", "adult", 2390],
      ["child", "child", 1290],
    ],
    costReais: 2150,
    currency: "BRL",
    policy: POLICY_BR,
    published: true,
  },
  {
    title: "Bariloche — neve e chocolate",
    places: ["Bariloche"],
    summary: "Sete noites em San Carlos de Bariloche com Cerro Catedral, Circuito Chico e Cerro Otto.",
    days: [
      ["Chegada a Bariloche", "Recepção no aeroporto e traslado ao hotel no centro."],
      ["Circuito Chico", "Lago Nahuel Huapi, Hotel Llao Llao e Ponto Panorâmico."],
      ["Cerro Catedral", "Dia na estação de esqui; aulas e equipamento à parte."],
      ["Cerro Otto", "Teleférico e confeitaria giratória com vista dos lagos."],
      ["Dias livres", "Rua Mitre, fábricas de chocolate e cervejarias artesanais."],
      ["Retorno", "Traslado ao aeroporto."],
    ],
    includes: ["7 noites com café da manhã", "Traslados", "Circuito Chico e Cerro Otto", "Assistência em português"],
    excludes: ["Passagem aérea", "Equipamento de esqui e aulas", "Refeições"],
    departures: [
      [60, 7, 20],
      [74, 7, 20],
    ],
    prices: [
      ["single", "adult", 1590],
      ["double", "adult", 1190],
      ["triple", "adult", 1090],
      ["child", "child", 690],
    ],
    costReais: 940,
    currency: "USD",
    policy: POLICY_INT,
    published: true,
  },
  {
    title: "Lisboa e Porto",
    places: ["Lisboa", "Porto"],
    summary: "Dez noites entre Lisboa e Porto, com Sintra, Cascais e um dia no Vale do Douro.",
    days: [
      ["Chegada a Lisboa", "Traslado ao hotel na Baixa."],
      ["Lisboa histórica", "Alfama, Castelo de São Jorge, Belém e os pastéis de nata."],
      ["Sintra e Cascais", "Palácio da Pena, Cabo da Roca e a marginal de Cascais."],
      ["Trem para o Porto", "Alfa Pendular até o Porto; tarde livre na Ribeira."],
      ["Porto e Gaia", "Livraria Lello, Torre dos Clérigos e caves do vinho do Porto."],
      ["Vale do Douro", "Quintas do Douro com degustação e passeio de barco."],
      ["Retorno", "Traslado ao aeroporto do Porto."],
    ],
    includes: ["10 noites com café da manhã", "Trem Lisboa–Porto em 2ª classe", "Passeios de Sintra e do Douro", "Traslados"],
    excludes: ["Passagem aérea", "Taxa turística municipal", "Refeições não mencionadas"],
    departures: [
      [45, 10, 16],
      [105, 10, 16],
      [165, 10, 16],
    ],
    prices: [
      ["single", "adult", 2890],
      ["double", "adult", 2190],
      ["double", "senior", 2090],
      ["triple", "adult", 1990],
    ],
    costReais: 1700,
    currency: "EUR",
    policy: POLICY_INT,
    published: true,
  },
  {
    title: "Orlando — parques Disney e Universal",
    places: ["Orlando"],
    summary: "Nove noites em Orlando com ingressos de quatro parques Disney e dois da Universal.",
    days: [
      ["Chegada", "Traslado do aeroporto MCO ao hotel na International Drive."],
      ["Magic Kingdom", "Ingresso de 1 dia; fogos no castelo."],
      ["EPCOT e Hollywood Studios", "Dois dias de parque."],
      ["Universal Studios e Islands of Adventure", "Ingresso park-to-park de 2 dias."],
      ["Compras", "Traslado aos outlets."],
      ["Retorno", "Traslado ao aeroporto."],
    ],
    includes: ["9 noites sem café", "Ingressos de 4 dias Disney e 2 dias Universal", "Traslados"],
    excludes: ["Passagem aérea", "Refeições", "Gorjetas", "Visto americano"],
    departures: [
      [90, 9, 24],
      [120, 9, 24],
      [200, 9, 24],
    ],
    prices: [
      ["double", "adult", 2490],
      ["triple", "adult", 2190],
      ["quadruple", "adult", 1990],
      ["child", "child", 1490],
    ],
    costReais: 1850,
    currency: "USD",
    policy: POLICY_INT,
    published: false,
  },
  {
    title: "Cancún all inclusive",
    places: ["Cancún"],
    summary: "Sete noites em resort all inclusive na zona hoteleira, com passeio a Isla Mujeres.",
    days: [
      ["Chegada", "Traslado ao resort na zona hoteleira."],
      ["Isla Mujeres", "Catamarã com open bar, snorkel e praia Norte."],
      ["Dias livres", "Praia e piscinas do resort; sugestão: Chichén Itzá e cenotes (opcional)."],
      ["Retorno", "Traslado ao aeroporto."],
    ],
    includes: ["7 noites all inclusive", "Traslados", "Catamarã a Isla Mujeres"],
    excludes: ["Passagem aérea", "Passeios opcionais", "Taxa ambiental de Quintana Roo"],
    departures: [
      [30, 7, 18],
      [58, 7, 18],
    ],
    prices: [
      ["single", "adult", 2690],
      ["double", "adult", 1790],
      ["triple", "adult", 1690],
      ["child", "child", 890],
      ["child", "infant", 0],
    ],
    costReais: 1380,
    currency: "USD",
    policy: POLICY_INT,
    published: true,
  },
  {
    title: "Fernando de Noronha",
    places: ["Fernando de Noronha"],
    summary: "Cinco noites no arquipélago com Ilhatour, passeio de barco e mergulho de batismo.",
    days: [
      ["Chegada", "Recepção no aeroporto e traslado à pousada."],
      ["Ilhatour", "As principais praias e mirantes da ilha, com almoço."],
      ["Passeio de barco", "Golfinhos-rotadores na Baía dos Golfinhos e parada para mergulho."],
      ["Baía do Sancho", "Trilha e escadaria até a praia eleita a mais bonita do mundo."],
      ["Mergulho de batismo", "Com instrutor credenciado."],
      ["Retorno", "Traslado ao aeroporto."],
    ],
    includes: ["5 noites com café da manhã", "Ilhatour e passeio de barco", "Mergulho de batismo", "Traslados"],
    excludes: ["Passagem aérea", "Taxa de Preservação Ambiental (TPA)", "Ingresso do Parque Nacional"],
    departures: [
      [28, 5, 12],
      [63, 5, 12],
    ],
    prices: [
      ["single", "adult", 8990],
      ["double", "adult", 6490],
      ["child", "child", 3990],
    ],
    costReais: 5200,
    currency: "BRL",
    policy: POLICY_BR,
    published: true,
  },
  {
    title: "Jalapão — expedição 4x4",
    places: ["Jalapão"],
    summary: "Cinco dias de expedição 4x4 pelas dunas, fervedouros e cachoeiras do Jalapão, saindo de Palmas.",
    days: [
      ["Palmas → Ponte Alta", "Cânion Sussuapara e Pedra Furada."],
      ["Cachoeira da Velha e prainha do Rio Novo", "Banho de rio e pernoite em Mateiros."],
      ["Dunas do Jalapão", "Pôr do sol nas dunas douradas."],
      ["Fervedouros", "Fervedouro do Ceiça e do Buritizinho; comunidade do capim dourado."],
      ["Retorno a Palmas", "Chegada no fim da tarde."],
    ],
    includes: ["Transporte 4x4 com motorista-guia", "4 noites em pousadas", "Café da manhã e almoços", "Ingressos dos fervedouros"],
    excludes: ["Passagem aérea até Palmas", "Jantares", "Bebidas"],
    departures: [
      [40, 4, 8],
      [68, 4, 8],
      [96, 4, 8],
    ],
    prices: [
      ["single", "adult", 4690],
      ["double", "adult", 3790],
      ["triple", "adult", 3590],
    ],
    costReais: 2900,
    currency: "BRL",
    policy: POLICY_BR,
    published: false,
  },
];

export type PackageParties = { operators: string[]; operatorNames: Record<string, string>; destinations: { id: string; name: string }[]; userId: string | null };

/**
 * Every package row of the demo agencies, per table, in insertion order.
 * `parties[agencyId]`: the agency's operators (supplier ids), its destinations
 * by name, and its admin.
 */
export function buildPackageRows(agencies: readonly SeedAgency[], options: { today: Date; parties: Record<string, PackageParties> }): Record<PackageTable, SeedRow[]> {
  const todayMs = Date.parse(`${isoDay(options.today.getTime())}T12:00:00.000Z`);
  const createdAt = new Date(todayMs - 20 * DAY).toISOString();
  const out: Record<PackageTable, SeedRow[]> = {
    destination: [],
    third_party_package: [],
    third_party_package_destination: [],
    third_party_package_departure: [],
    third_party_package_price: [],
  };
  agencies.forEach((agency, ai) => {
    const parties = options.parties[agency.id];
    if (!parties || parties.operators.length === 0) return;
    const places = new Map(parties.destinations.map((d) => [d.name, d.id]));
    EXTRA_PLACES.forEach((p, i) => {
      if (places.has(p.name)) return;
      const id = packageSeedId("destination", ai, i + 1);
      places.set(p.name, id);
      out.destination.push({
        id,
        agency_id: agency.id,
        name: p.name,
        city: p.city,
        state: p.state,
        country: p.country,
        description: p.description,
        cover_key: null,
        search_text: registerSearchText.destination(p),
        created_by: null,
        deleted_at: null,
        created_at: createdAt,
        updated_at: createdAt,
        version: 1,
      });
    });
    let departureN = 0;
    let priceN = 0;
    SPECS.forEach((spec, pi) => {
      const id = packageSeedId("third_party_package", ai, pi + 1);
      // The agencies' operators take turns; a second agency offers its packages a week later.
      const operatorId = parties.operators[pi % parties.operators.length]!;
      const shift = ai * 7;
      const departures = spec.departures.map(([inDays, nights, seats]) => ({
        date: isoDay(todayMs + (inDays + shift) * DAY),
        back: isoDay(todayMs + (inDays + shift + nights) * DAY),
        seats,
      }));
      const slug = packageSlug(agency.slug, spec.title);
      const destinationNames = spec.places.filter((n) => places.has(n));
      out.third_party_package.push({
        id,
        agency_id: agency.id,
        operator_id: operatorId,
        title: spec.title,
        slug,
        summary: spec.summary,
        itinerary: JSON.stringify(spec.days.map(([title, description], d) => ({ day: d + 1, title, description }))),
        includes: JSON.stringify(spec.includes),
        excludes: JSON.stringify(spec.excludes),
        cost_cents: spec.costReais * 100,
        currency: spec.currency,
        cancellation_policy: spec.policy,
        published: spec.published,
        published_at: spec.published ? createdAt : null,
        first_departure: departures[0]!.date,
        last_departure: departures[departures.length - 1]!.date,
        search_text: buildSearchText(spec.title, slug, parties.operatorNames[operatorId], destinationNames),
        created_by: parties.userId,
        archived_at: null,
        created_at: createdAt,
        updated_at: createdAt,
        version: 1,
      });
      destinationNames.forEach((name, position) => {
        out.third_party_package_destination.push({ agency_id: agency.id, package_id: id, destination_id: places.get(name)!, position });
      });
      for (const d of departures) {
        out.third_party_package_departure.push({
          id: packageSeedId("third_party_package_departure", ai, ++departureN),
          agency_id: agency.id,
          package_id: id,
          departure_date: d.date,
          return_date: d.back,
          seats: d.seats,
          archived_at: null,
          created_at: createdAt,
          updated_at: createdAt,
        });
      }
      for (const [room, age, reais] of spec.prices) {
        out.third_party_package_price.push({
          id: packageSeedId("third_party_package_price", ai, ++priceN),
          agency_id: agency.id,
          package_id: id,
          room_type: room,
          age_band: age,
          price_cents: reais * 100,
          created_at: createdAt,
          updated_at: createdAt,
        });
      }
    });
  });
  return out;
}
