/**
 * The CRM demo pipeline (issue #18): each demo agency's default stages and 32 deals across
 * them — clients of the registers seed and leads, owned by the agency's users, with values,
 * travel dates and expected closes around today — each with its timeline (created, a logged
 * call, note or WhatsApp, the stage changes that brought it where it is).
 *
 * Idempotent like the rest of the seed: fixed ids (table codes 0x1a0–0x1a2) and
 * ON CONFLICT DO NOTHING. A deal names its stage by the agency's slug (a subquery), so
 * stages the app already made for the agency (on first use) serve as well as the seed's.
 * Runs under plain node (relative imports with .ts).
 */
import { DEFAULT_STAGES } from "../../app/lib/crm/stages.ts";
import { POSITION_STEP } from "../../app/lib/kit/board-position.ts";
import { buildSearchText } from "../../app/lib/kit/search-text.ts";
import type { SeedAgency } from "./seed-registers.ts";

export const CRM_TABLES = { crm_stage: 0x1a0, deal: 0x1a1, deal_activity: 0x1a2 } as const;
export type CrmTable = keyof typeof CRM_TABLES;

export function crmSeedId(table: CrmTable, agencyIndex: number, n: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `0190a000-${hex(CRM_TABLES[table], 4)}-7${hex(agencyIndex + 1, 3)}-8000-${hex(n, 12)}`;
}

const lit = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);

/** Stage slug → how many deals it gets (32 in all). */
const SPREAD: [string, number][] = [
  ["lead", 8],
  ["contato", 7],
  ["proposta", 6],
  ["negociacao", 5],
  ["ganho", 4],
  ["perdido", 2],
];
const TRIPS = [
  ["Lua de mel em Fernando de Noronha", "Fernando de Noronha"],
  ["Férias em família em Orlando", "Orlando"],
  ["Réveillon em Salvador", "Salvador"],
  ["Inverno em Gramado", "Gramado"],
  ["Cruzeiro pela costa brasileira", "Santos"],
  ["Formatura em Porto Seguro", "Porto Seguro"],
  ["Mochilão pela Patagônia", "Bariloche"],
  ["Europa clássica: Lisboa, Madri e Paris", "Lisboa"],
  ["Bonito e Pantanal", "Bonito"],
  ["Jericoacoara com kitesurf", "Jericoacoara"],
  ["Buenos Aires gastronômica", "Buenos Aires"],
  ["Chapada Diamantina de aventura", "Lençóis"],
] as const;
const LEADS = ["Renata Farias", "Diego Moura", "Patrícia Gomes", "Henrique Tavares", "Luana Pires", "Otávio Rezende", "Camila Duarte", "Rafael Nogueira"];
const SOURCES = ["instagram", "site", "referral", "whatsapp", "walk_in", "phone", "facebook", "email"] as const;
const LOGGED = [
  ["call", "Ligou pedindo valores e datas possíveis."],
  ["whatsapp", "Enviou fotos do hotel que gostou; quer quarto com vista."],
  ["note", "Prefere voo direto; orçamento até o valor combinado."],
  ["email", "Mandamos o roteiro sugerido por e-mail."],
  ["meeting", "Reunião na loja com o casal para fechar o roteiro."],
] as const;
const LOST_REASONS = ["Achou o preço alto", "Fechou com outra agência"];

export type CrmParties = Record<string, { clients: { id: string; name: string }[]; userIds: string[] }>;

/** The statements (SQL text) of the demo pipeline: stages, deals, activities, the deal counter. */
export function buildCrmStatements(agencies: readonly SeedAgency[], options: { today: Date; parties: CrmParties }): string[] {
  const out: string[] = [];
  const counters: string[] = [];
  // Noon UTC of today: the same rows all day long (the seed is deterministic within a day).
  const noon = Date.UTC(options.today.getUTCFullYear(), options.today.getUTCMonth(), options.today.getUTCDate(), 12);
  const day = (offset: number) => new Date(noon + offset * 86_400_000).toISOString().slice(0, 10);
  const instant = (offset: number) => new Date(noon + offset * 86_400_000).toISOString();
  agencies.forEach((agency, a) => {
    const party = options.parties[agency.id] ?? { clients: [], userIds: [] };
    const stageRows = DEFAULT_STAGES.map(
      (s, i) =>
        `(${[crmSeedId("crm_stage", a, i + 1), agency.id, s.name, s.slug, s.kind, (i + 1) * POSITION_STEP, s.color, instant(-120), instant(-120)].map(lit).join(", ")})`,
    );
    out.push(`INSERT INTO crm_stage (id, agency_id, name, slug, kind, position, color, created_at, updated_at) VALUES\n${stageRows.join(",\n")}\nON CONFLICT DO NOTHING;`);
    const stageOf = (slug: string) => `(select id from crm_stage where agency_id = ${lit(agency.id)} and slug = ${lit(slug)})`;
    let n = 0;
    let act = 0;
    const deals: string[] = [];
    const acts: string[] = [];
    for (const [slug, count] of SPREAD) {
      const stageIndex = DEFAULT_STAGES.findIndex((s) => s.slug === slug);
      for (let k = 0; k < count; k++) {
        n++;
        const id = crmSeedId("deal", a, n);
        const [title, destination] = TRIPS[(n + a * 5) % TRIPS.length]!;
        const client = n % 2 === 0 && party.clients.length ? party.clients[(n / 2 + a) % party.clients.length]! : null;
        const lead = client ? null : LEADS[(n + a) % LEADS.length]!;
        const owner = party.userIds.length ? party.userIds[n % party.userIds.length]! : null;
        const value = 250_000 + ((n * 7919 + a * 104_729) % 3_000_000);
        const created = -(10 + ((n * 13) % 70));
        const entered = Math.min(-1, created + 2 + (n % 9));
        const closed = DEFAULT_STAGES[stageIndex]!.kind !== "open";
        const start = 20 + ((n * 11) % 150);
        const lostReason = slug === "perdido" ? LOST_REASONS[k % LOST_REASONS.length]! : null;
        deals.push(
          `(${[
            id,
            agency.id,
            n,
            title,
            client?.id ?? null,
            lead,
            lead ? `(11) 9${String(80000000 + n * 1013 + a).slice(0, 8).replace(/(\d{4})(\d{4})/, "$1-$2")}` : null,
            lead ? `${lead.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ /g, ".")}@example.com` : null,
          ]
            .map(lit)
            .join(", ")}, ${stageOf(slug)}, ${[
            (k + 1) * POSITION_STEP,
            destination,
            day(start),
            day(start + 5 + (n % 10)),
            1 + (n % 4),
            "BRL",
            value,
            closed ? null : day(3 + ((n * 5) % 45)),
            owner,
            SOURCES[n % SOURCES.length]!,
            lostReason,
            instant(entered),
            closed ? instant(entered) : null,
            buildSearchText(String(n), title, client?.name, lead, destination),
            owner,
            instant(created),
            instant(entered),
          ]
            .map(lit)
            .join(", ")})`,
        );
        const activity = (kind: string, body: string | null, at: number, from: string | null, to: string | null) => {
          act++;
          acts.push(
            `(${[crmSeedId("deal_activity", a, act), agency.id, id, kind, body].map(lit).join(", ")}, ${from ? stageOf(from) : "NULL"}, ${to ? stageOf(to) : "NULL"}, ${[owner, instant(at), instant(at)].map(lit).join(", ")})`,
          );
        };
        activity("created", null, created, null, "lead");
        const [kind, body] = LOGGED[(n + a) % LOGGED.length]!;
        activity(kind, body, created + 1, null, null);
        // The moves that brought it here (open stages in order, then the closing one).
        const path = DEFAULT_STAGES.slice(0, Math.min(stageIndex, 4) + 1).map((s) => s.slug);
        if (slug === "ganho" || slug === "perdido") path.push(slug);
        for (let p = 1; p < path.length; p++) activity("stage_change", p === path.length - 1 ? lostReason : null, Math.min(entered, created + 1 + p), path[p - 1]!, path[p]!);
      }
    }
    // Multi-row VALUES (D1 refuses long compound SELECTs); the stage ids come from the agency's own stages by subquery.
    for (let i = 0; i < deals.length; i += 40) {
      out.push(
        `INSERT INTO deal (id, agency_id, number, title, client_id, lead_name, lead_phone, lead_email, stage_id, position, destination, travel_start, travel_end, passengers, currency, value_cents, expected_close_date, owner_user_id, source, lost_reason, stage_entered_at, closed_at, search_text, created_by, created_at, updated_at) VALUES\n${deals.slice(i, i + 40).join(",\n")}\nON CONFLICT DO NOTHING;`,
      );
    }
    for (let i = 0; i < acts.length; i += 100) {
      out.push(`INSERT INTO deal_activity (id, agency_id, deal_id, kind, body, from_stage_id, to_stage_id, user_id, occurred_at, created_at) VALUES\n${acts.slice(i, i + 100).join(",\n")}\nON CONFLICT DO NOTHING;`);
    }
    counters.push(`(${lit(agency.id)}, 'deal', ${n})`);
  });
  // The deal numbers go on after the seeded ones (kept if the agency already numbered more).
  out.push(`INSERT INTO record_counter (agency_id, kind, last) VALUES ${counters.join(", ")} ON CONFLICT (agency_id, kind) DO UPDATE SET last = max(last, excluded.last) ON CONFLICT DO NOTHING;`);
  return out;
}
