/**
 * Demo data of the Registers (Cadastros) for each demo agency: clients,
 * suppliers, providers, agents, boarding points, destinations, product kinds.
 *
 * Deterministic: every value comes from a PRNG seeded per agency and table and
 * every id is fixed (seedId), so building twice gives the same rows and
 * scripts/seed/seed.ts can insert them with ON CONFLICT DO NOTHING.
 *
 * Places, streets, coordinates and airline names are real; people and the other
 * companies are fictional. CPF/CNPJ numbers are synthetic (valid check digits,
 * not anyone's real number), e-mails use reserved example domains.
 *
 * Rows are keyed by SQL column name; JSON columns hold already-stringified JSON.
 */
import {
  generateCnpj,
  generateCpf,
  mulberry32,
  randomDigits,
  seedFromString,
  type Rng,
} from "../../app/lib/platform/br-documents.ts";
import { normalizeSearchText, registerSearchText } from "../../app/lib/kit/search-text.ts";

export type SeedValue = string | number | boolean | null;
export type SeedRow = Record<string, SeedValue>;

export type SeedAgency = { id: string; slug: string };

/** Demo tables in insertion order, with the code used in their ids. */
export const REGISTER_TABLES = {
  client: 1,
  supplier: 2,
  provider: 3,
  agent: 4,
  boarding_point: 5,
  destination: 6,
  product_kind: 7,
} as const;
export type RegisterTable = keyof typeof REGISTER_TABLES;

/**
 * A fixed UUIDv7-shaped id (version 7, variant 8): platform ids use table code
 * 0000, registers 0001–0007; then the agency number and the row number.
 */
export function seedId(table: RegisterTable, agencyIndex: number, n: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `0190a000-${hex(REGISTER_TABLES[table], 4)}-7${hex(agencyIndex + 1, 3)}-8000-${hex(n, 12)}`;
}

// ---------------------------------------------------------------------------
// Reference data

type Address = { street: string; district: string; cep: string };
type City = { city: string; state: string; ddd: string; addresses: Address[] };

const a = (street: string, district: string, cep: string): Address => ({ street, district, cep });

const CITIES: Record<string, City> = {
  saoPaulo: {
    city: "São Paulo",
    state: "SP",
    ddd: "11",
    addresses: [
      a("Avenida Paulista", "Bela Vista", "01310100"),
      a("Rua Augusta", "Consolação", "01305100"),
      a("Rua Vergueiro", "Liberdade", "01504001"),
      a("Rua Tuiuti", "Tatuapé", "03081000"),
      a("Rua Teodoro Sampaio", "Pinheiros", "05405000"),
      a("Rua Voluntários da Pátria", "Santana", "02011000"),
      a("Avenida Jabaquara", "Saúde", "04046000"),
      a("Rua Oscar Freire", "Jardim Paulista", "01426001"),
    ],
  },
  campinas: { city: "Campinas", state: "SP", ddd: "19", addresses: [a("Avenida Francisco Glicério", "Centro", "13012000"), a("Rua Barão de Jaguara", "Centro", "13015001")] },
  santos: { city: "Santos", state: "SP", ddd: "13", addresses: [a("Avenida Ana Costa", "Gonzaga", "11060001"), a("Avenida Bartolomeu de Gusmão", "Embaré", "11045000")] },
  santoAndre: { city: "Santo André", state: "SP", ddd: "11", addresses: [a("Rua Coronel Oliveira Lima", "Centro", "09010000")] },
  guarulhos: { city: "Guarulhos", state: "SP", ddd: "11", addresses: [a("Avenida Paulo Faccini", "Macedo", "07111000")] },
  ribeiraoPreto: { city: "Ribeirão Preto", state: "SP", ddd: "16", addresses: [a("Avenida Presidente Vargas", "Jardim América", "14020260")] },
  saoJoseDosCampos: { city: "São José dos Campos", state: "SP", ddd: "12", addresses: [a("Avenida Nove de Julho", "Jardim Apolo", "12243000")] },
  rio: { city: "Rio de Janeiro", state: "RJ", ddd: "21", addresses: [a("Avenida Atlântica", "Copacabana", "22021001"), a("Rua Visconde de Pirajá", "Ipanema", "22410002")] },
  beloHorizonte: { city: "Belo Horizonte", state: "MG", ddd: "31", addresses: [a("Avenida Afonso Pena", "Centro", "30130001"), a("Rua da Bahia", "Lourdes", "30160011")] },
  curitiba: { city: "Curitiba", state: "PR", ddd: "41", addresses: [a("Rua XV de Novembro", "Centro", "80020310")] },
  brasilia: { city: "Brasília", state: "DF", ddd: "61", addresses: [a("SQS 308 Bloco C", "Asa Sul", "70355030")] },
  salvador: {
    city: "Salvador",
    state: "BA",
    ddd: "71",
    addresses: [
      a("Avenida Sete de Setembro", "Vitória", "40080001"),
      a("Avenida Oceânica", "Ondina", "40170010"),
      a("Rua Chile", "Centro", "40020000"),
      a("Avenida Tancredo Neves", "Caminho das Árvores", "41820020"),
      a("Rua das Hortênsias", "Pituba", "41810010"),
      a("Avenida Dorival Caymmi", "Itapuã", "41635150"),
      a("Rua da Paciência", "Rio Vermelho", "41950000"),
      a("Avenida Princesa Isabel", "Barra", "40140000"),
    ],
  },
  lauroDeFreitas: { city: "Lauro de Freitas", state: "BA", ddd: "71", addresses: [a("Avenida Luiz Tarquínio Pontes", "Centro", "42700000")] },
  camacari: { city: "Camaçari", state: "BA", ddd: "71", addresses: [a("Rua Francisco Drumond", "Centro", "42800500")] },
  feiraDeSantana: { city: "Feira de Santana", state: "BA", ddd: "75", addresses: [a("Avenida Getúlio Vargas", "Centro", "44025010")] },
  vitoriaDaConquista: { city: "Vitória da Conquista", state: "BA", ddd: "77", addresses: [a("Avenida Olívia Flores", "Candeias", "45028610")] },
  ilheus: { city: "Ilhéus", state: "BA", ddd: "73", addresses: [a("Avenida Soares Lopes", "Centro", "45653005")] },
  recife: { city: "Recife", state: "PE", ddd: "81", addresses: [a("Avenida Boa Viagem", "Boa Viagem", "51011000")] },
  aracaju: { city: "Aracaju", state: "SE", ddd: "79", addresses: [a("Avenida Santos Dumont", "Atalaia", "49035730")] },
  fortaleza: { city: "Fortaleza", state: "CE", ddd: "85", addresses: [a("Avenida Beira Mar", "Meireles", "60165121")] },
};

/** Where each agency's clients live: city keys with weights. */
const CLIENT_CITIES: Record<string, [keyof typeof CITIES, number][]> = {
  "sol-viagens": [["saoPaulo", 30], ["campinas", 5], ["santos", 4], ["santoAndre", 4], ["guarulhos", 4], ["ribeiraoPreto", 2], ["saoJoseDosCampos", 2], ["rio", 3], ["beloHorizonte", 3], ["curitiba", 2], ["brasilia", 1]],
  "mar-turismo": [["salvador", 32], ["lauroDeFreitas", 5], ["camacari", 4], ["feiraDeSantana", 4], ["vitoriaDaConquista", 2], ["ilheus", 2], ["recife", 3], ["aracaju", 3], ["fortaleza", 2], ["saoPaulo", 2], ["brasilia", 1]],
};

const FEMALE = "Ana Maria Juliana Fernanda Patrícia Aline Camila Beatriz Larissa Letícia Gabriela Mariana Luana Tatiane Vanessa Cláudia Sandra Renata Débora Simone Adriana Raimunda Francisca Antônia Helena Alice Laura Valentina Sofia Isabela Lúcia Márcia Rosângela Célia Jussara Iara".split(" ");
const MALE = "José João Antônio Francisco Carlos Paulo Pedro Lucas Luiz Marcos Gabriel Rafael Daniel Marcelo Eduardo Felipe Raimundo Rodrigo Thiago André Fábio Sérgio Vinícius Gustavo Matheus Heitor Davi Arthur Caio Otávio Jorge Roberto Sebastião Ubiratã".split(" ");
const SURNAMES = "Silva Santos Oliveira Souza Rodrigues Ferreira Alves Pereira Lima Gomes Costa Ribeiro Martins Carvalho Almeida Lopes Soares Fernandes Vieira Barbosa Rocha Dias Nascimento Andrade Moreira Nunes Marques Machado Mendes Freitas Cardoso Ramos Gonçalves Santana Teixeira Araújo Moura Cavalcanti Batista Conceição Bezerra Azevedo Pinto Campos Monteiro Falcão Brandão Sampaio".split(" ");
const PARTICLE: Record<string, string> = { Silva: "da", Santos: "dos", Conceição: "da", Oliveira: "de", Souza: "de", Almeida: "de", Andrade: "de", Freitas: "de" };

const TAGS = ["vip", "família", "lua de mel", "corporativo", "excursões", "internacional", "indicação", "cruzeiros"];
const NOTES = [
  "Prefere poltrona na janela.",
  "Vegetariana; pedir refeição especial nos voos.",
  "Alergia a frutos do mar.",
  "Cliente desde 2015; sempre viaja em julho.",
  "Necessita de assistência no aeroporto (cadeira de rodas).",
  "Prefere contato por WhatsApp após as 18h.",
  "Viaja com pet de pequeno porte.",
];
const EMAIL_DOMAINS = ["example.com", "example.net", "example.org"];
const BANKS = ["001", "033", "104", "237", "341", "077", "260", "756"];

// ---------------------------------------------------------------------------
// Helpers

const pick = <T>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];
const chance = (rng: Rng, p: number) => rng() < p;
const int = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const rngFor = (...keys: string[]) => mulberry32(seedFromString(keys.join(":")));

function pickWeighted<T>(rng: Rng, entries: readonly [T, number][]): T {
  const total = entries.reduce((s, [, w]) => s + w, 0);
  let x = rng() * total;
  for (const [value, w] of entries) if ((x -= w) < 0) return value;
  return entries[entries.length - 1][0];
}

const DAY = 86_400_000;
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** "Conceição Araújo" → "conceicao.araujo" */
const slug = (text: string, sep = ".") => normalizeSearchText(text).replace(/[^a-z0-9]+/g, sep).replace(new RegExp(`^\\${sep}+|\\${sep}+$`, "g"), "");

const mobile = (rng: Rng, ddd: string) => `${ddd}9${int(rng, 6, 9)}${randomDigits(rng, 7)}`;
const landline = (rng: Rng, ddd: string) => `${ddd}${int(rng, 2, 3)}${randomDigits(rng, 7)}`;

/** A version-4-shaped UUID from the PRNG: a Pix "random" (EVP) key. */
function randomUuid(rng: Rng): string {
  const h = Array.from({ length: 32 }, () => Math.floor(rng() * 16).toString(16)).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${"89ab"[Math.floor(rng() * 4)]}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/** A synthetic CNPJ per company name, the same for every agency that buys from it. */
const companyCnpj = (key: string) => generateCnpj(rngFor("cnpj", key));

function bankAccount(rng: Rng, type: "checking" | "savings" | "payment" = "checking") {
  return {
    bank_code: pick(rng, BANKS),
    bank_branch: randomDigits(rng, 4),
    bank_account: `${randomDigits(rng, int(rng, 5, 8))}-${randomDigits(rng, 1)}`,
    bank_account_type: type,
  };
}

const bookkeeping = (createdAt: string) => ({
  created_by: null,
  deleted_at: null,
  created_at: createdAt,
  updated_at: createdAt,
  version: 1,
});

// ---------------------------------------------------------------------------
// Clients

const COMPANY_CLIENTS: Record<string, { name: string; trade: string; city: keyof typeof CITIES; notes: string }[]> = {
  "sol-viagens": [
    { name: "Construtora Horizonte Paulista Ltda.", trade: "Horizonte Construtora", city: "saoPaulo", notes: "Viagens de incentivo da equipe comercial." },
    { name: "Colégio Monte Azul Ltda.", trade: "Colégio Monte Azul", city: "saoPaulo", notes: "Excursões pedagógicas do 8º e 9º anos." },
    { name: "Associação dos Aposentados de Santo André", trade: "AASA", city: "santoAndre", notes: "Grupos da melhor idade, saídas mensais." },
    { name: "Metalúrgica Vale do Paraíba S.A.", trade: "Metalvale", city: "saoJoseDosCampos", notes: "Viagens corporativas; faturamento mensal." },
    { name: "Clínica Bem Viver Ltda.", trade: "Clínica Bem Viver", city: "campinas", notes: "Congressos médicos." },
    { name: "Igreja Batista Esperança de Guarulhos", trade: "Igreja Batista Esperança", city: "guarulhos", notes: "Retiros e excursões do grupo de jovens." },
  ],
  "mar-turismo": [
    { name: "Escola Maré Alta Ltda.", trade: "Escola Maré Alta", city: "salvador", notes: "Excursões pedagógicas ao Recôncavo." },
    { name: "Associação dos Servidores de Camaçari", trade: "ASC", city: "camacari", notes: "Excursões de fim de ano." },
    { name: "Petroquímica Recôncavo S.A.", trade: "Petrorecôncavo", city: "camacari", notes: "Viagens corporativas; aprovação do RH." },
    { name: "Clínica Odontológica Sorriso da Bahia Ltda.", trade: "Sorriso da Bahia", city: "salvador", notes: "Congressos de odontologia." },
    { name: "Paróquia Nossa Senhora da Conceição da Praia", trade: "Paróquia da Conceição", city: "salvador", notes: "Romarias a Bom Jesus da Lapa." },
    { name: "Axé Eventos e Produções Ltda.", trade: "Axé Eventos", city: "lauroDeFreitas", notes: "Blocos de carnaval e eventos." },
  ],
};

export const SEED_PERSON_CLIENTS = 64;

function buildClients(agency: SeedAgency, agencyIndex: number, nowMs: number): SeedRow[] {
  const rng = rngFor(agency.slug, "client");
  const rows: SeedRow[] = [];
  const documents = new Set<string>();
  const emails = new Set<string>();
  const unique = (set: Set<string>, make: () => string) => {
    for (;;) {
      const v = make();
      if (!set.has(v)) return set.add(v), v;
    }
  };
  const uniqueEmail = (local: string, domain: string) => {
    let email = `${local}@${domain}`;
    for (let i = 2; emails.has(email); i++) email = `${local}${i}@${domain}`;
    emails.add(email);
    return email;
  };
  const nowYear = new Date(nowMs).getUTCFullYear();

  for (let n = 1; n <= SEED_PERSON_CLIENTS; n++) {
    const female = chance(rng, 0.52);
    const first = pick(rng, female ? FEMALE : MALE);
    const s1 = pick(rng, SURNAMES);
    let s2 = pick(rng, SURNAMES);
    while (s2 === s1) s2 = pick(rng, SURNAMES);
    const last = PARTICLE[s2] && chance(rng, 0.35) ? `${PARTICLE[s2]} ${s2}` : s2;
    const name = chance(rng, 0.7) ? `${first} ${s1} ${last}` : `${first} ${last}`;
    const place = CITIES[pickWeighted(rng, CLIENT_CITIES[agency.slug])];
    const address = pick(rng, place.addresses);
    // Foreigners living in Brazil (with a CPF) on two fixed rows.
    const foreign = n === 17 ? "AR" : n === 41 ? "PT" : null;
    const child = !foreign && n % 11 === 0;
    const age = child ? int(rng, 4, 16) : int(rng, 19, 84);
    const birth = `${nowYear - age}-${String(int(rng, 1, 12)).padStart(2, "0")}-${String(int(rng, 1, 28)).padStart(2, "0")}`;
    const createdMs = nowMs - int(rng, 1, 900) * DAY - int(rng, 0, DAY / 1000) * 1000;
    const createdAt = new Date(createdMs).toISOString();
    const document = unique(documents, () => generateCpf(rng));

    const emailList = child ? [] : [uniqueEmail(`${slug(first)}.${slug(s2)}`, pick(rng, EMAIL_DOMAINS))];
    if (!child && chance(rng, 0.15)) emailList.push(uniqueEmail(`${slug(first)}${randomDigits(rng, 2)}`, pick(rng, EMAIL_DOMAINS)));
    const phones = child ? [] : [{ number: mobile(rng, place.ddd), whatsapp: true }];
    if (!child && chance(rng, 0.3)) phones.push({ number: landline(rng, place.ddd), whatsapp: false });

    const hasPassport = foreign !== null || (!child && chance(rng, 0.3)) || (child && chance(rng, 0.2));
    const passportNumber = !hasPassport
      ? null
      : foreign === "AR"
        ? `AA${String.fromCharCode(65 + int(rng, 0, 25))}${randomDigits(rng, 6)}`
        : foreign === "PT"
          ? `C${randomDigits(rng, 6)}`
          : `${pick(rng, ["F", "G"])}${String.fromCharCode(65 + int(rng, 0, 25))}${randomDigits(rng, 6)}`;
    const tags = new Set<string>();
    if (age >= 60) tags.add("melhor idade");
    if (child) tags.add("família");
    if (chance(rng, 0.4)) tags.add(pick(rng, TAGS));
    if (hasPassport && chance(rng, 0.5)) tags.add("internacional");
    const consent = chance(rng, 0.7);
    const emergency = !child && chance(rng, 0.55);

    const row = {
      id: seedId("client", agencyIndex, n),
      agency_id: agency.id,
      kind: "person",
      name,
      trade_name: chance(rng, 0.1) ? first : null,
      document,
      rg: foreign ? null : `${randomDigits(rng, 2)}.${randomDigits(rng, 3)}.${randomDigits(rng, 3)}-${chance(rng, 0.1) ? "X" : randomDigits(rng, 1)}`,
      rg_issuer: foreign ? null : `SSP/${place.state}`,
      passport_number: passportNumber,
      passport_country: hasPassport ? (foreign ?? "BR") : null,
      passport_expiry: hasPassport ? isoDate(nowMs + int(rng, -120, 3400) * DAY) : null,
      nationality: foreign ?? "BR",
      birth_date: birth,
      emails: JSON.stringify(emailList),
      phones: JSON.stringify(phones),
      postal_code: address.cep,
      street: address.street,
      number: String(int(rng, 10, 3200)),
      complement: chance(rng, 0.45) ? pick(rng, [`Apto ${int(rng, 1, 24)}${int(rng, 1, 4)}`, `Bloco ${pick(rng, ["A", "B", "C"])}, apto ${int(rng, 11, 184)}`, `Casa ${int(rng, 1, 12)}`, "Fundos"]) : null,
      district: address.district,
      city: place.city,
      state: place.state,
      country: "BR",
      emergency_contact_name: emergency ? `${pick(rng, [...FEMALE, ...MALE])} ${s1}` : null,
      emergency_contact_phone: emergency ? mobile(rng, place.ddd) : null,
      tags: JSON.stringify([...tags]),
      notes: chance(rng, 0.25) ? pick(rng, NOTES) : null,
      marketing_consent: consent,
      consent_at: consent ? createdAt : null,
      search_text: "",
      ...bookkeeping(createdAt),
    };
    row.search_text = registerSearchText.client({ name, tradeName: row.trade_name, document, emails: emailList, phones });
    rows.push(row);
  }

  COMPANY_CLIENTS[agency.slug].forEach((c, i) => {
    const place = CITIES[c.city];
    const address = pick(rng, place.addresses);
    const domain = `${slug(c.trade, "-")}.example`;
    const emailList = [`viagens@${domain}`, `financeiro@${domain}`];
    const phones = [
      { number: landline(rng, place.ddd), whatsapp: false },
      { number: mobile(rng, place.ddd), whatsapp: true },
    ];
    const document = unique(documents, () => generateCnpj(rng));
    const createdAt = new Date(nowMs - int(rng, 30, 700) * DAY).toISOString();
    rows.push({
      id: seedId("client", agencyIndex, SEED_PERSON_CLIENTS + i + 1),
      agency_id: agency.id,
      kind: "company",
      name: c.name,
      trade_name: c.trade,
      document,
      rg: null,
      rg_issuer: null,
      passport_number: null,
      passport_country: null,
      passport_expiry: null,
      nationality: null,
      birth_date: null,
      emails: JSON.stringify(emailList),
      phones: JSON.stringify(phones),
      postal_code: address.cep,
      street: address.street,
      number: String(int(rng, 10, 3200)),
      complement: chance(rng, 0.5) ? `Sala ${int(rng, 101, 1812)}` : null,
      district: address.district,
      city: place.city,
      state: place.state,
      country: "BR",
      emergency_contact_name: null,
      emergency_contact_phone: null,
      tags: JSON.stringify(["corporativo"]),
      notes: c.notes,
      marketing_consent: true,
      consent_at: createdAt,
      search_text: registerSearchText.client({ name: c.name, tradeName: c.trade, document, emails: emailList, phones }),
      ...bookkeeping(createdAt),
    });
  });
  return rows;
}

// ---------------------------------------------------------------------------
// Suppliers and providers

type PartnerSpec = {
  name: string;
  trade: string | null;
  kind?: "person" | "company";
  category: string;
  city: string;
  state: string;
  ddd: string;
  term: string;
  pix: "cnpj" | "cpf" | "email" | "phone" | "random";
  notes?: string;
  services?: string[];
};

const AIRLINES: PartnerSpec[] = [
  { name: "TAM Linhas Aéreas S.A.", trade: "LATAM Airlines Brasil", category: "airline", city: "São Paulo", state: "SP", ddd: "11", term: "BSP quinzenal", pix: "cnpj", notes: "Emissões pelo BSP; reembolsos em até 7 dias úteis." },
  { name: "GOL Linhas Aéreas S.A.", trade: "GOL", category: "airline", city: "São Paulo", state: "SP", ddd: "11", term: "BSP quinzenal", pix: "cnpj" },
  { name: "Azul Linhas Aéreas Brasileiras S.A.", trade: "Azul", category: "airline", city: "Barueri", state: "SP", ddd: "11", term: "BSP quinzenal", pix: "cnpj" },
];
const SHARED_SUPPLIERS: PartnerSpec[] = [
  { name: "Viaje Seguro Assistência ao Viajante Ltda.", trade: "Viaje Seguro", category: "insurer", city: "São Paulo", state: "SP", ddd: "11", term: "Faturado 30 dias", pix: "cnpj", notes: "Seguro viagem nacional e internacional; comissão de 25%." },
  { name: "Horizonte Operadora de Turismo Ltda.", trade: "Horizonte Operadora", category: "operator", city: "São Paulo", state: "SP", ddd: "11", term: "Sinal de 30% e saldo 15 dias antes do embarque", pix: "email" },
];

const SUPPLIERS: Record<string, PartnerSpec[]> = {
  "sol-viagens": [
    ...AIRLINES,
    ...SHARED_SUPPLIERS,
    { name: "Hotel Vale das Hortênsias Ltda.", trade: "Hotel Vale das Hortênsias", category: "hotel", city: "Gramado", state: "RS", ddd: "54", term: "50% na reserva, 50% no check-in", pix: "cnpj" },
    { name: "Pousada Recanto das Cataratas Ltda.", trade: "Pousada Recanto das Cataratas", category: "hotel", city: "Foz do Iguaçu", state: "PR", ddd: "45", term: "Faturado 30 dias após o check-out", pix: "random" },
    { name: "Bonito Eco Hotel Ltda.", trade: "Bonito Eco Hotel", category: "hotel", city: "Bonito", state: "MS", ddd: "67", term: "À vista na confirmação", pix: "cnpj" },
    { name: "Pousada Mar de Noronha Ltda.", trade: "Pousada Mar de Noronha", category: "hotel", city: "Fernando de Noronha", state: "PE", ddd: "81", term: "100% na reserva", pix: "email", notes: "Taxa de preservação ambiental paga pelo hóspede." },
    { name: "Expresso Serra Verde Turismo Ltda.", trade: "Serra Verde Turismo", category: "bus_company", city: "São Paulo", state: "SP", ddd: "11", term: "Sinal de 40%, saldo na saída", pix: "cnpj", notes: "Ônibus leito e semileito de 46 lugares; licença ANTT em dia." },
    { name: "Rota Sul Fretamento e Turismo Ltda.", trade: "Rota Sul Fretamento", category: "bus_company", city: "Campinas", state: "SP", ddd: "19", term: "Faturado 15 dias", pix: "random" },
  ],
  "mar-turismo": [
    ...AIRLINES,
    ...SHARED_SUPPLIERS,
    { name: "Hotel Praia do Forte Mar Ltda.", trade: "Hotel Praia do Forte Mar", category: "hotel", city: "Mata de São João", state: "BA", ddd: "71", term: "50% na reserva, 50% no check-in", pix: "cnpj" },
    { name: "Pousada Porto Seguro Sol Ltda.", trade: "Pousada Porto Seguro Sol", category: "hotel", city: "Porto Seguro", state: "BA", ddd: "73", term: "Faturado 30 dias após o check-out", pix: "email" },
    { name: "Hotel Chapada Lençóis Ltda.", trade: "Hotel Chapada Lençóis", category: "hotel", city: "Lençóis", state: "BA", ddd: "75", term: "À vista na confirmação", pix: "random" },
    { name: "Viação Baiana de Turismo Ltda.", trade: "Baiana Turismo", category: "bus_company", city: "Salvador", state: "BA", ddd: "71", term: "Sinal de 40%, saldo na saída", pix: "cnpj", notes: "Frota com ônibus de 44 e 50 lugares e micro-ônibus de 28." },
    { name: "Transportes Recôncavo Fretamento Ltda.", trade: "Recôncavo Fretamento", category: "bus_company", city: "Feira de Santana", state: "BA", ddd: "75", term: "Faturado 15 dias", pix: "cnpj" },
    { name: "Nordeste Operadora de Turismo Ltda.", trade: "Nordeste Operadora", category: "operator", city: "Recife", state: "PE", ddd: "81", term: "Sinal de 30% e saldo 15 dias antes do embarque", pix: "cnpj" },
  ],
};

const PROVIDERS: Record<string, PartnerSpec[]> = {
  "sol-viagens": [
    { name: "Foz Transfer Receptivo Ltda.", trade: "Foz Transfer", category: "transfer", city: "Foz do Iguaçu", state: "PR", ddd: "45", term: "Pago por serviço, 7 dias após", pix: "cnpj", services: ["Transfer aeroporto IGU ↔ hotel", "Cataratas lado argentino", "Compras em Ciudad del Este"] },
    { name: "Gramado Receptivo e Turismo Ltda.", trade: "Gramado Receptivo", category: "receptive", city: "Gramado", state: "RS", ddd: "54", term: "Pago por serviço, 15 dias após", pix: "email", services: ["City tour Gramado e Canela", "Tour de vinícolas no Vale dos Vinhedos", "Transfer POA ↔ Gramado"] },
    { name: "Noronha Passeios Ltda.", trade: "Noronha Passeios", category: "receptive", city: "Fernando de Noronha", state: "PE", ddd: "81", term: "À vista no agendamento", pix: "random", services: ["Ilhatour", "Passeio de barco com golfinhos"] },
    { name: "Carlos Eduardo Mendes", trade: null, kind: "person", category: "guide", city: "São Paulo", state: "SP", ddd: "11", term: "Diária paga no retorno da excursão", pix: "cpf", notes: "Guia de turismo CADASTUR; fala espanhol.", services: ["Guia acompanhante de excursão", "Guia bilíngue (espanhol)"] },
    { name: "Marina Lopes Teixeira", trade: null, kind: "person", category: "guide", city: "Bonito", state: "MS", ddd: "67", term: "Diária paga no retorno da excursão", pix: "phone", services: ["Condução na flutuação do Rio da Prata", "Gruta do Lago Azul"] },
  ],
  "mar-turismo": [
    { name: "Salvador Transfer Executivo Ltda.", trade: "Salvador Transfer", category: "transfer", city: "Salvador", state: "BA", ddd: "71", term: "Pago por serviço, 7 dias após", pix: "cnpj", services: ["Transfer aeroporto SSA ↔ hotel", "Transfer Salvador ↔ Praia do Forte"] },
    { name: "Bahia City Tour Receptivo Ltda.", trade: "Bahia City Tour", category: "receptive", city: "Salvador", state: "BA", ddd: "71", term: "Pago por serviço, 15 dias após", pix: "email", services: ["City tour histórico e Pelourinho", "Escuna Ilha dos Frades e Itaparica"] },
    { name: "Porto Seguro Buggy Tour Ltda.", trade: "Buggy Tour Porto Seguro", category: "receptive", city: "Porto Seguro", state: "BA", ddd: "73", term: "À vista no agendamento", pix: "random", services: ["Passeio de buggy até Trancoso", "Transfer aeroporto BPS ↔ hotel"] },
    { name: "Ednaldo Conceição Ribeiro", trade: null, kind: "person", category: "guide", city: "Salvador", state: "BA", ddd: "71", term: "Diária paga no retorno da excursão", pix: "cpf", notes: "Guia de turismo CADASTUR; fala inglês.", services: ["Guia do Pelourinho", "Guia bilíngue (inglês)"] },
    { name: "Luana Batista Moreira", trade: null, kind: "person", category: "guide", city: "Lençóis", state: "BA", ddd: "75", term: "Diária paga no retorno da excursão", pix: "phone", services: ["Trilha da Cachoeira da Fumaça", "Poço Azul e Poço Encantado"] },
  ],
};

function buildPartners(table: "supplier" | "provider", specs: PartnerSpec[], agency: SeedAgency, agencyIndex: number, nowMs: number): SeedRow[] {
  const rng = rngFor(agency.slug, table);
  return specs.map((s, i) => {
    const kind = s.kind ?? "company";
    const label = s.trade ?? s.name;
    const domain = `${slug(label, "-")}.example`;
    // Companies keep their CNPJ across agencies; a person's CPF is per seed row.
    const document = kind === "company" ? companyCnpj(s.name) : generateCpf(rngFor("cpf", s.name));
    const personal = `${slug(s.name.split(" ")[0])}.${slug(s.name.split(" ").at(-1) ?? "")}@${pick(rng, EMAIL_DOMAINS)}`;
    const email = kind === "company" ? `${s.category === "airline" ? "agencias" : "reservas"}@${domain}` : personal;
    const phone = kind === "company" ? landline(rng, s.ddd) : mobile(rng, s.ddd);
    const contacts =
      kind === "company"
        ? [
            { name: `${pick(rng, [...FEMALE, ...MALE])} ${pick(rng, SURNAMES)}`, role: s.category === "airline" ? "Executivo de contas" : "Reservas", email, phone: mobile(rng, s.ddd) },
            { name: `${pick(rng, [...FEMALE, ...MALE])} ${pick(rng, SURNAMES)}`, role: "Financeiro", email: `financeiro@${domain}`, phone },
          ]
        : [];
    const pixKey = { cnpj: document, cpf: document, email: kind === "company" ? `financeiro@${domain}` : email, phone: `+55${phone}`, random: randomUuid(rng) }[s.pix];
    const createdAt = new Date(nowMs - int(rng, 60, 900) * DAY).toISOString();
    const row: SeedRow = {
      id: seedId(table, agencyIndex, i + 1),
      agency_id: agency.id,
      kind,
      name: s.name,
      trade_name: s.trade,
      document,
      category: s.category,
      contacts: JSON.stringify(contacts),
      email,
      phone,
      website: kind === "company" ? `https://www.${domain}` : null,
      city: s.city,
      state: s.state,
      country: "BR",
      ...bankAccount(rng, kind === "company" ? "checking" : pick(rng, ["savings", "payment"] as const)),
      pix_key_type: s.pix,
      pix_key: pixKey,
      payment_term: s.term,
      notes: s.notes ?? null,
      search_text: registerSearchText.partner({ name: s.name, tradeName: s.trade, document, email, city: s.city }),
      ...bookkeeping(createdAt),
    };
    if (table === "provider") row.services = JSON.stringify((s.services ?? []).map((name) => ({ name })));
    return row;
  });
}

// ---------------------------------------------------------------------------
// Agents, boarding points, destinations, product kinds

type AgentSpec = { name: string; email: string; ddd: string; rule: "sale_percent" | "margin_percent"; bps: number; user?: boolean; company?: boolean; notes?: string };

const AGENTS: Record<string, AgentSpec[]> = {
  "sol-viagens": [
    { name: "Bruno Carvalho Lima", email: "agente@sol.example", ddd: "11", rule: "sale_percent", bps: 500, user: true, notes: "Vendedor da loja; excursões e pacotes nacionais." },
    { name: "Patrícia Nogueira Prado", email: "patricia.prado@sol.example", ddd: "11", rule: "sale_percent", bps: 300, notes: "Vendedora de aéreo e corporativo." },
    { name: "Cristina Alves Moura", email: "cristina.moura@example.com", ddd: "19", rule: "margin_percent", bps: 3000, notes: "Revendedora em Campinas." },
    { name: "Figueiredo Viagens e Representações Ltda.", email: "contato@figueiredo-viagens.example", ddd: "13", rule: "margin_percent", bps: 2500, company: true, notes: "Representante na Baixada Santista." },
  ],
  "mar-turismo": [
    { name: "Tiago Sampaio Reis", email: "tiago.reis@mar.example", ddd: "71", rule: "sale_percent", bps: 600, notes: "Vendedor de receptivo e excursões." },
    { name: "Joana D'Arc Pereira", email: "joana.pereira@example.net", ddd: "75", rule: "margin_percent", bps: 3000, notes: "Revendedora em Feira de Santana." },
    { name: "Axé Representações Turísticas Ltda.", email: "comercial@axe-representacoes.example", ddd: "71", rule: "margin_percent", bps: 2000, company: true },
  ],
};

type PointSpec = { name: string; address: string; district: string; city: string; state: string; lat: number; lng: number; reference: string; offset: number };

const BOARDING_POINTS: Record<string, PointSpec[]> = {
  "sol-viagens": [
    { name: "Metrô Tatuapé", address: "Rua Melo Freire, s/n", district: "Tatuapé", city: "São Paulo", state: "SP", lat: -23.5403, lng: -46.5766, reference: "Saída para o Shopping Metrô Tatuapé, junto ao ponto de táxi", offset: 0 },
    { name: "Terminal Rodoviário Tietê", address: "Avenida Cruzeiro do Sul, 1800", district: "Santana", city: "São Paulo", state: "SP", lat: -23.5165, lng: -46.6251, reference: "Bolsão de fretamento, em frente ao estacionamento", offset: 30 },
    { name: "Metrô Barra Funda", address: "Rua Auro Soares de Moura Andrade, 664", district: "Barra Funda", city: "São Paulo", state: "SP", lat: -23.5257, lng: -46.6672, reference: "Terminal rodoviário Barra Funda, plataforma de fretados", offset: 50 },
    { name: "Terminal Jabaquara", address: "Rua dos Jequitibás, s/n", district: "Jabaquara", city: "São Paulo", state: "SP", lat: -23.646, lng: -46.6412, reference: "Ao lado da estação Jabaquara do metrô", offset: 70 },
    { name: "Rodoviária de Campinas", address: "Rua Doutor Pereira Lima, s/n", district: "Vila Industrial", city: "Campinas", state: "SP", lat: -22.8989, lng: -47.0727, reference: "Terminal Multimodal Ramos de Azevedo, área de embarque de fretados", offset: 120 },
  ],
  "mar-turismo": [
    { name: "Terminal Rodoviário de Salvador", address: "Avenida Antônio Carlos Magalhães, 4362", district: "Pernambués", city: "Salvador", state: "BA", lat: -12.9789, lng: -38.4632, reference: "Estacionamento de fretados, ao lado da passarela", offset: 0 },
    { name: "Shopping da Bahia", address: "Avenida Tancredo Neves, 148", district: "Caminho das Árvores", city: "Salvador", state: "BA", lat: -12.9777, lng: -38.4562, reference: "Em frente à entrada principal", offset: 15 },
    { name: "Farol da Barra", address: "Avenida Oceânica, s/n", district: "Barra", city: "Salvador", state: "BA", lat: -13.0104, lng: -38.5326, reference: "Em frente ao Forte de Santo Antônio", offset: 40 },
    { name: "Aeroporto de Salvador", address: "Praça Gago Coutinho, s/n", district: "São Cristóvão", city: "Salvador", state: "BA", lat: -12.9086, lng: -38.3225, reference: "Desembarque doméstico, porta 2", offset: 60 },
    { name: "Feira de Santana — Centro", address: "Avenida Getúlio Vargas, Praça da Bandeira", district: "Centro", city: "Feira de Santana", state: "BA", lat: -12.2664, lng: -38.9663, reference: "Em frente à Catedral de Senhora Santana", offset: 120 },
  ],
};

type DestinationSpec = { name: string; city: string; state: string | null; country: string; description: string };

const DESTINATIONS: DestinationSpec[] = [
  { name: "Gramado", city: "Gramado", state: "RS", country: "BR", description: "Serra Gaúcha: Lago Negro, Rua Coberta, Natal Luz, chocolates e fondue; Canela ao lado." },
  { name: "Porto Seguro", city: "Porto Seguro", state: "BA", country: "BR", description: "Costa do Descobrimento: praias, Arraial d'Ajuda e Trancoso." },
  { name: "Foz do Iguaçu", city: "Foz do Iguaçu", state: "PR", country: "BR", description: "Cataratas do Iguaçu dos lados brasileiro e argentino, Itaipu e o Marco das Três Fronteiras." },
  { name: "Bonito", city: "Bonito", state: "MS", country: "BR", description: "Flutuação em rios de águas cristalinas, grutas e cachoeiras; passeios com vagas limitadas." },
  { name: "Fernando de Noronha", city: "Fernando de Noronha", state: "PE", country: "BR", description: "Arquipélago de praias premiadas e mergulho; taxa de preservação ambiental por dia." },
  { name: "Buenos Aires", city: "Buenos Aires", state: "CABA", country: "AR", description: "Tango em San Telmo, Puerto Madero, Recoleta e o Caminito em La Boca." },
  { name: "Santiago", city: "Santiago", state: "Región Metropolitana", country: "CL", description: "Cordilheira dos Andes, vinícolas do Vale do Maipo e estações de esqui no inverno." },
  { name: "Lisboa", city: "Lisboa", state: null, country: "PT", description: "Alfama, Belém e o Tejo; bate-voltas a Sintra e Cascais." },
];
const EXTRA_DESTINATIONS: Record<string, DestinationSpec[]> = {
  "sol-viagens": [
    { name: "Campos do Jordão", city: "Campos do Jordão", state: "SP", country: "BR", description: "A Suíça brasileira: Capivari, Horto Florestal e o festival de inverno." },
    { name: "Beto Carrero World", city: "Penha", state: "SC", country: "BR", description: "Parque temático no litoral catarinense; excursões de dois dias." },
  ],
  "mar-turismo": [
    { name: "Chapada Diamantina", city: "Lençóis", state: "BA", country: "BR", description: "Cachoeira da Fumaça, Poço Azul, Morro do Pai Inácio e grutas." },
    { name: "Morro de São Paulo", city: "Cairu", state: "BA", country: "BR", description: "Ilha de Tinharé: praias numeradas, acesso por catamarã a partir de Salvador." },
  ],
};

export const SEED_PRODUCT_KINDS = ["air", "hotel", "package", "insurance", "transfer", "tour", "car_rental", "cruise", "other"] as const;

function buildAgents(agency: SeedAgency, agencyIndex: number, nowMs: number, agentUserId: string | null): SeedRow[] {
  const rng = rngFor(agency.slug, "agent");
  return AGENTS[agency.slug].map((s, i) => {
    const document = s.company ? companyCnpj(s.name) : generateCpf(rngFor("cpf", agency.slug, s.name));
    const phone = mobile(rng, s.ddd);
    const createdAt = new Date(nowMs - int(rng, 200, 900) * DAY).toISOString();
    return {
      id: seedId("agent", agencyIndex, i + 1),
      agency_id: agency.id,
      name: s.name,
      document,
      email: s.email,
      phone,
      user_id: s.user ? agentUserId : null,
      commission_rule: s.rule,
      commission_bps: s.bps,
      pix_key_type: s.company ? "cnpj" : "cpf",
      pix_key: document,
      notes: s.notes ?? null,
      search_text: registerSearchText.agent({ name: s.name, document, email: s.email }),
      ...bookkeeping(createdAt),
    };
  });
}

function buildBoardingPoints(agency: SeedAgency, agencyIndex: number, createdAt: string): SeedRow[] {
  return BOARDING_POINTS[agency.slug].map((p, i) => ({
    id: seedId("boarding_point", agencyIndex, i + 1),
    agency_id: agency.id,
    name: p.name,
    address: p.address,
    district: p.district,
    city: p.city,
    state: p.state,
    postal_code: null,
    latitude: p.lat,
    longitude: p.lng,
    reference: p.reference,
    default_offset_minutes: p.offset,
    search_text: registerSearchText.boardingPoint(p),
    ...bookkeeping(createdAt),
  }));
}

function buildDestinations(agency: SeedAgency, agencyIndex: number, createdAt: string): SeedRow[] {
  return [...DESTINATIONS, ...EXTRA_DESTINATIONS[agency.slug]].map((d, i) => ({
    id: seedId("destination", agencyIndex, i + 1),
    agency_id: agency.id,
    name: d.name,
    city: d.city,
    state: d.state,
    country: d.country,
    description: d.description,
    cover_key: null,
    search_text: registerSearchText.destination(d),
    ...bookkeeping(createdAt),
  }));
}

function buildProductKinds(agency: SeedAgency, agencyIndex: number, createdAt: string): SeedRow[] {
  return SEED_PRODUCT_KINDS.map((kind, i) => ({
    id: seedId("product_kind", agencyIndex, i + 1),
    agency_id: agency.id,
    kind,
    enabled: true,
    default_category: null,
    search_text: registerSearchText.productKind({ kind }),
    ...bookkeeping(createdAt),
  }));
}

/** Every register row of the demo agencies, per table, in insertion order. */
export function buildRegisterRows(
  agencies: readonly SeedAgency[],
  options: { now: Date; agentUserId: string | null },
): Record<RegisterTable, SeedRow[]> {
  const nowMs = options.now.getTime();
  // Reference data is older than the clients that use it.
  const setupAt = new Date(nowMs - 1000 * DAY).toISOString();
  const out: Record<RegisterTable, SeedRow[]> = {
    client: [],
    supplier: [],
    provider: [],
    agent: [],
    boarding_point: [],
    destination: [],
    product_kind: [],
  };
  agencies.forEach((agency, i) => {
    out.client.push(...buildClients(agency, i, nowMs));
    out.supplier.push(...buildPartners("supplier", SUPPLIERS[agency.slug] ?? [], agency, i, nowMs));
    out.provider.push(...buildPartners("provider", PROVIDERS[agency.slug] ?? [], agency, i, nowMs));
    out.agent.push(...buildAgents(agency, i, nowMs, agency.slug === "sol-viagens" ? options.agentUserId : null));
    out.boarding_point.push(...buildBoardingPoints(agency, i, setupAt));
    out.destination.push(...buildDestinations(agency, i, setupAt));
    out.product_kind.push(...buildProductKinds(agency, i, setupAt));
  });
  return out;
}
