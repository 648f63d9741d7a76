/**
 * The dashboard's figures (issue #22 items 1 and 3; decision 0022), the pure part:
 * the periods in the agency's calendar (this month and the last, the 12 months of
 * the sales chart, this week, the 8 weeks of the receivables/payables chart), which
 * figures a viewer sees (licence and role, as the screens behind them), the links
 * into the filtered lists behind each figure, and the one sum of money in reais
 * (decision 0018: a group of amounts of one currency and stored rate converts once
 * through fx.ts; a foreign group without a rate is counted apart, never 1:1).
 */
import type { Role } from "~/db/schema/platform";
import { BASE_CURRENCY, tryToBrl } from "~/lib/finance/fx";
import { FINANCE_MANAGERS } from "~/lib/finance/roles";
import { roleMayOpen, screenForPath } from "~/lib/shell/screens";
import { hasPermission, type LicenceModules } from "~/lib/system/licence";

// ---------------------------------------------------------------------------
// Periods (calendar days "YYYY-MM-DD" in the agency's time zone)

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const msOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** `day` plus `n` calendar days. */
export const addDays = (day: string, n: number) => dayOf(msOf(day) + n * 86_400_000);

/** The month `delta` months from `month` ("YYYY-MM"). */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7);
}

/** The last calendar day of a month. */
export function monthEnd(month: string): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return dayOf(Date.UTC(y, m, 0));
}

/** Monday of the week of `day` (ISO weeks). */
export function weekStart(day: string): string {
  const weekday = (new Date(msOf(day)).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

export const CHART_MONTHS = 12;
export const CHART_WEEKS = 8;
export const DEPARTURE_DAYS = 7;

export type Periods = {
  today: string;
  month: string;
  lastMonth: string;
  /** The 12 months of the sales chart, oldest first, ending with this month. */
  months: string[];
  /** This week, Monday to Sunday. */
  week: { from: string; to: string };
  /** The Mondays of the 8 weeks of the titles chart, this week first. */
  weeks: string[];
};

export function periodsOf(today: string): Periods {
  const month = today.slice(0, 7);
  const monday = weekStart(today);
  return {
    today,
    month,
    lastMonth: shiftMonth(month, -1),
    months: Array.from({ length: CHART_MONTHS }, (_, i) => shiftMonth(month, i - (CHART_MONTHS - 1))),
    week: { from: monday, to: addDays(monday, 6) },
    weeks: Array.from({ length: CHART_WEEKS }, (_, i) => addDays(monday, 7 * i)),
  };
}

// ---------------------------------------------------------------------------
// Money in reais

/**
 * Amounts of one currency at one stored rate (null: a foreign amount written without a
 * rate); `storedBrlCents`, when given, is the Σ of the rows' own stored BRL (a title's
 * amount_brl_cents), used as is for a foreign group.
 */
export type MoneyGroup = { currency: string; rateE6: number | null; cents: number; storedBrlCents?: number | null };
/** A sum in BRL cents, and how many cents per foreign currency were left out for want of a rate. */
export type BrlSum = { brlCents: number; unconverted: { currency: string; cents: number }[] };

/**
 * The groups' sum in reais: BRL as is (with or without a stored rate), a foreign group
 * its stored BRL, else converted once at its stored rate (fx.ts); a foreign group without a rate, or too
 * large to convert exactly, counted apart per currency.
 */
export function sumBrl(groups: readonly MoneyGroup[]): BrlSum {
  let brlCents = 0;
  const apart = new Map<string, number>();
  for (const g of groups) {
    if (g.cents === 0) continue;
    const brl =
      g.currency === BASE_CURRENCY ? g.cents : g.storedBrlCents != null ? g.storedBrlCents : g.rateE6 ? tryToBrl(g.cents, g.currency, g.rateE6) : null;
    if (brl === null) apart.set(g.currency, (apart.get(g.currency) ?? 0) + g.cents);
    else brlCents += brl;
  }
  return { brlCents, unconverted: [...apart].map(([currency, cents]) => ({ currency, cents })).sort((a, b) => a.currency.localeCompare(b.currency)) };
}

// ---------------------------------------------------------------------------
// Who sees which figure

export const FIGURE_KEYS = ["sales", "commissions", "receivables", "payables", "cash", "departures", "tasks", "pipeline", "contracts"] as const;
export type FigureKey = (typeof FIGURE_KEYS)[number];

/** The screen each figure opens (its licence entry and, through screens.ts, the roles that may open it). */
const FIGURE_SCREENS: Record<FigureKey, { licence: readonly string[]; path: string; roles?: readonly Role[] }> = {
  sales: { licence: ["vendas"], path: "/vendas" },
  commissions: { licence: ["financeiro", "faturamento", "comissoes"], path: "/financeiro/faturamento/comissoes" },
  // The agency's money: Admin and the finance roles (an Agente sees their own sales and commissions, not the books).
  receivables: { licence: ["financeiro", "contas_a_receber"], path: "/financeiro/contas-a-receber", roles: FINANCE_MANAGERS },
  payables: { licence: ["financeiro", "contas_a_pagar"], path: "/financeiro/contas-a-pagar", roles: FINANCE_MANAGERS },
  cash: { licence: ["financeiro", "relatorios", "extrato_de_contas"], path: "/financeiro/relatorios/extrato-de-contas", roles: FINANCE_MANAGERS },
  departures: { licence: ["servicos", "excursoes"], path: "/servicos/excursoes" },
  tasks: { licence: ["tarefas"], path: "/tarefas" },
  pipeline: { licence: ["crm"], path: "/crm" },
  contracts: { licence: ["contratos", "assinaturas"], path: "/contratos/assinaturas" },
};

/** The figures a viewer sees: their licence enables the screen behind it and their role may open it. */
export function visibleFigures(role: Role, licence: LicenceModules | null | undefined): Set<FigureKey> {
  const out = new Set<FigureKey>();
  for (const key of FIGURE_KEYS) {
    const { licence: path, path: href, roles } = FIGURE_SCREENS[key];
    const [module, ...sub] = path;
    if (!hasPermission(licence, module!, ...sub)) continue;
    if (roles && !roles.includes(role)) continue;
    const screen = screenForPath(href);
    if (screen && !roleMayOpen(screen, role)) continue;
    out.add(key);
  }
  return out;
}

// ---------------------------------------------------------------------------
// Links into the filtered lists (each list's own URL filters)

const q = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params).toString()}`;

export const figureLinks = {
  /** The /vendas overview of a month (confirmed sales by seller and kind, each a link into the lists). */
  salesMonth: (month: string) => q("/vendas", { mes: month }),
  commissionsMonth: (month: string) => q("/financeiro/faturamento/comissoes", { from: `${month}-01`, to: monthEnd(month) }),
  receivablesOverdue: () => q("/financeiro/contas-a-receber", { status: "overdue" }),
  receivablesToday: (today: string) => q("/financeiro/contas-a-receber", { status: "pending", dueFrom: today, dueTo: today }),
  payablesWeek: (from: string, to: string) => q("/financeiro/contas-a-pagar", { status: "pending", dueFrom: from, dueTo: to }),
  titlesWeek: (direction: "receivable" | "payable", monday: string) =>
    q(direction === "receivable" ? "/financeiro/contas-a-receber" : "/financeiro/contas-a-pagar", { status: "pending", dueFrom: monday, dueTo: addDays(monday, 6) }),
  statement: (accountId: string) => q("/financeiro/relatorios/extrato-de-contas", { account: accountId }),
  departures: (from: string, to: string) => q("/servicos/excursoes", { de: from, ate: to }),
  operational: (excursionId: string) => `/servicos/excursoes/operacional/${encodeURIComponent(excursionId)}`,
  tasks: (status: "a_fazer" | "em_andamento", userId: string, today: string) => q(`/tarefas/${status}`, { assignee: userId, dueTo: today }),
  stage: (slug: string) => `/crm/${encodeURIComponent(slug)}`,
  contracts: () => "/contratos/assinaturas",
} as const;

// ---------------------------------------------------------------------------
// First steps of a new agency (empty states that teach)

export const SETUP_STEPS = ["clients", "excursions", "asaas"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];
const SETUP_SCREENS: Record<SetupStep, { licence: readonly string[]; href: string }> = {
  clients: { licence: ["cadastros", "clientes"], href: "/cadastros/clientes/novo" },
  excursions: { licence: ["servicos", "excursoes"], href: "/servicos/excursoes/novo" },
  asaas: { licence: ["sistema", "integracoes", "asaas"], href: "/sistema/integracoes/asaas" },
};

/** The first steps the viewer may take (the screen is licensed and their role may open it), each with whether it is done. */
export function setupSteps(role: Role, licence: LicenceModules | null | undefined, done: Record<SetupStep, boolean>) {
  return SETUP_STEPS.flatMap((key) => {
    const { licence: path, href } = SETUP_SCREENS[key];
    const [module, ...sub] = path;
    if (!hasPermission(licence, module!, ...sub)) return [];
    const screen = screenForPath(href);
    if (screen && !roleMayOpen(screen, role)) return [];
    return [{ key, href, done: done[key] }];
  });
}
