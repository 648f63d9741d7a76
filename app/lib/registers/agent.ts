/**
 * Agents (Cadastros → Agentes): sellers on the staff (linked to a user of the
 * agency) and resellers, with their default commission rule and rate and the
 * Pix key their commissions are paid to. The form schema shared by browser and
 * server, the list's sorts and filters, and the CSV columns.
 *
 * The commission is typed as a percentage ("5", "2,5", "2.5%") and stored in
 * basis points (500 = 5 %); a Pix key is checked against its type and stored
 * normalised (document digits, lower-case e-mail or UUID, phone in E.164).
 */
import { COMMISSION_RULES, PIX_KEY_TYPES, type PixKeyType } from "~/db/schema/registers";
import { onlyDigits, phoneToE164 } from "~/lib/platform/br-documents";
import type { ListSpec } from "~/lib/kit/list";

export type { AgentInput } from "~/lib/registers/agent.schema";

export { COMMISSION_RULES, PIX_KEY_TYPES };

/** Agent-specific error keys (app/locales/agents). */
/** The agents list; records live at `${AGENTS_PATH}/editar/:id`. */
export const AGENTS_PATH = "/cadastros/agentes";

export const agentErr = {
  pixKeyType: "agents.errors.pixKeyType",
  pixKeyMissing: "agents.errors.pixKeyMissing",
  userNotMember: "agents.errors.userNotMember",
} as const;

export const MAX_COMMISSION_BPS = 10_000;

/**
 * A percentage typed by a person → basis points, or null when it is not one:
 * "5" → 500, "2,5" → 250, "2.75 %" → 275, "100" → 10000. At most two decimals,
 * between 0 and 100. Integer arithmetic only (no float rounding).
 */
export function parsePercentToBps(value: string): number | null {
  const m = /^([0-9]{1,3})(?:[.,]([0-9]{1,2}))?$/.exec(value.trim().replace(/\s*%$/, ""));
  if (!m) return null;
  const bps = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return bps <= MAX_COMMISSION_BPS ? bps : null;
}

/** Basis points → the text the form shows ("2,5", "5"); the decimal comma of pt-BR. */
export function bpsToPercentText(bps: number): string {
  const whole = Math.trunc(bps / 100);
  const cents = Math.abs(bps % 100);
  if (cents === 0) return String(whole);
  return `${whole},${String(cents).padStart(2, "0").replace(/0$/, "")}`;
}

/** Basis points as a percentage for display in `locale` ("5 %", "2,5%"). */
export function formatCommission(bps: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(bps / 10_000);
}

/** A valid Pix key in its stored form: digits, lower case, or E.164 for phones. */
export function normalizePixKey(type: PixKeyType, key: string): string {
  const k = key.trim();
  switch (type) {
    case "cpf":
    case "cnpj":
      return onlyDigits(k);
    case "email":
    case "random":
      return k.toLowerCase();
    case "phone":
      return phoneToE164(k) ?? k;
  }
}

export const AGENT_SORTS = ["name", "createdAt"] as const;
export type AgentSort = (typeof AGENT_SORTS)[number];
export const AGENT_LINKS = ["internal", "reseller"] as const;
export type AgentFilter = "rule" | "linked";

export const agentListSpec = {
  sorts: AGENT_SORTS,
  defaultSort: "name",
  filters: {
    rule: COMMISSION_RULES,
    linked: AGENT_LINKS,
  },
} as const satisfies ListSpec<AgentSort, AgentFilter>;

/** The CSV columns of the export, in order. */
export const AGENT_CSV_COLUMNS = [
  "name",
  "document",
  "email",
  "phone",
  "linkedUser",
  "linkedUserEmail",
  "commissionRule",
  "commissionPercent",
  "pixKeyType",
  "pixKey",
  "notes",
] as const;
export type AgentCsvColumn = (typeof AGENT_CSV_COLUMNS)[number];

/** A stored agent (with its linked user's name and e-mail) → its CSV record. */
export function agentToCsvRow(a: {
  name: string;
  document: string | null;
  email: string | null;
  phone: string | null;
  userName: string | null;
  userEmail: string | null;
  commissionRule: string;
  commissionBps: number;
  pixKeyType: string | null;
  pixKey: string | null;
  notes: string | null;
}): Record<AgentCsvColumn, string> {
  return {
    name: a.name,
    document: a.document ?? "",
    email: a.email ?? "",
    phone: a.phone ?? "",
    linkedUser: a.userName ?? "",
    linkedUserEmail: a.userEmail ?? "",
    commissionRule: a.commissionRule,
    commissionPercent: bpsToPercentText(a.commissionBps),
    pixKeyType: a.pixKeyType ?? "",
    pixKey: a.pixKey ?? "",
    notes: a.notes ?? "",
  };
}
