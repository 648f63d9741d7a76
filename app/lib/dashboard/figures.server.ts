/**
 * The dashboard's figures (issue #22; decision 0022), read in ONE round trip: every
 * figure is a query of one `db.batch()`. A figure the viewer may not see
 * (figures.ts visibleFigures: licence and role) is still in the batch but with a
 * constant-false condition, which SQLite answers without reading a row — so the
 * batch keeps one shape and its types. An Agente sees their own sales, commissions,
 * deals and contracts (each module's own rule: saleScopeWhere, dealScopeWhere,
 * contractScopeWhere, their agent's commission lines); "my tasks" are the viewer's.
 * Money is summed per currency and stored rate in SQL and converted once in fx.ts
 * (figures.ts sumBrl); SQL never converts.
 */
import { and, asc, count, eq, gte, inArray, isNull, lt, lte, ne, sql, type SQL } from "drizzle-orm";
import {
  agent,
  bankAccount,
  commissionLine,
  contract,
  crmStage,
  deal,
  driver,
  excursion,
  excursionComponent,
  excursionPassenger,
  financeTitle,
  fleetVehicle,
  groundCharter,
  guide,
  notification,
  profile,
  sale,
  task,
} from "~/db/schema";
import type { CnhCategory, FleetVehicleType } from "~/db/schema/receptive";
import { contractScopeWhere } from "~/lib/contracts/contract.server";
import { AWAITING } from "~/lib/contracts/contract";
import { dealScopeWhere } from "~/lib/crm/deal.server";
import {
  addDays,
  DEPARTURE_DAYS,
  figureLinks,
  monthEnd,
  periodsOf,
  setupSteps,
  sumBrl,
  visibleFigures,
  type BrlSum,
  type FigureKey,
  type MoneyGroup,
  type SetupStep,
} from "~/lib/dashboard/figures";
import { checklist, type ChecklistItem } from "~/lib/excursions/checklist";
import { occupyingWhere } from "~/lib/excursions/operational-seats.server";
import { tripDays, vehicleLabel } from "~/lib/excursions/operational.server";
import { entrySumsQuery } from "~/lib/finance/settings/bank-account.server";
import type { Scope } from "~/lib/platform/scope.server";
import { todayIn, zonedDayStart } from "~/lib/platform/time-zone";
import { saleScopeWhere } from "~/lib/sales/sale-core.server";
import type { LicenceModules } from "~/lib/system/licence";

/** At most this many departures listed (the link opens the whole list). */
export const DEPARTURE_LIMIT = 12;
/** At most this many accounts in the cash position. */
export const ACCOUNT_LIMIT = 50;

export type SalesFigure = { count: number; value: BrlSum; margin: BrlSum };
export type MonthPoint = SalesFigure & { month: string };
export type TitleBucket = { count: number; open: BrlSum };
export type WeekPoint = { week: string; receivable: TitleBucket; payable: TitleBucket };
export type Departure = {
  id: string;
  title: string;
  departureAt: string;
  capacity: number;
  occupied: number;
  confirmed: number;
  held: number;
  ready: boolean;
  failing: ChecklistItem["key"][];
  manifestFinal: boolean;
  href: string;
};
export type AccountPosition = { id: string; name: string; currency: string; balanceCents: number; href: string };
export type StageValue = { id: string; name: string; color: string; deals: number; value: { currency: string; cents: number }[]; href: string };

export type DashboardData = {
  today: string;
  visible: FigureKey[];
  activeUsers: number;
  unreadNotifications: number;
  sales: { month: string; lastMonth: string; current: SalesFigure; previous: SalesFigure; byMonth: MonthPoint[]; href: string; previousHref: string } | null;
  commissions: { month: string; amount: BrlSum; lines: number; href: string } | null;
  receivables: { overdue: TitleBucket; today: TitleBucket; overdueHref: string; todayHref: string } | null;
  payables: { week: TitleBucket; from: string; to: string; href: string } | null;
  titlesByWeek: (WeekPoint & { receivableHref: string; payableHref: string })[] | null;
  cash: { accounts: AccountPosition[]; total: BrlSum } | null;
  departures: { rows: Departure[]; from: string; to: string; href: string } | null;
  tasks: { todo: number; doing: number; overdue: number; todoHref: string; doingHref: string } | null;
  pipeline: { stages: StageValue[]; total: { currency: string; cents: number }[]; href: string } | null;
  contracts: { waiting: number; href: string } | null;
  /** What a new agency has done of its first steps (empty states that teach). */
  setup: { clients: boolean; excursions: boolean; sales: boolean; asaas: boolean };
  /** No client, excursion or sale yet: the dashboard teaches the first steps instead of zeros. */
  isNew: boolean;
  steps: { key: SetupStep; href: string; done: boolean }[];
};

const FALSE = sql`0 = 1`;
const when = (visible: boolean, ...conditions: (SQL | undefined)[]) => and(...conditions, visible ? undefined : FALSE)!;
const num = (v: unknown) => Number(v ?? 0);

type TitleRow = { direction: string; bucket: string; currency: string; rate: number | null; stored: number; n: number; open: number; brl: number | null };
const bucketOf = (rows: readonly TitleRow[], direction: string, test: (bucket: string) => boolean): TitleBucket => {
  const picked = rows.filter((r) => r.direction === direction && test(r.bucket));
  const groups: MoneyGroup[] = picked.map((r) =>
    r.stored ? { currency: r.currency, rateE6: r.rate, cents: num(r.open), storedBrlCents: num(r.brl) } : { currency: r.currency, rateE6: r.rate, cents: num(r.open) },
  );
  return { count: picked.reduce((s, r) => s + num(r.n), 0), open: sumBrl(groups) };
};

/**
 * The viewer's dashboard. `licence` is the viewer's (the session's); `now` for tests.
 */
export async function dashboardFigures(scope: Scope, licence: LicenceModules | null | undefined, now: number = Date.now()): Promise<DashboardData> {
  const { db, agencyId } = scope;
  const visible = visibleFigures(scope.role, licence);
  const sees = (key: FigureKey) => visible.has(key);
  const today = todayIn(scope.timeZone, now);
  const p = periodsOf(today);
  const nowIso = new Date(now).toISOString();
  const tomorrowStart = zonedDayStart(addDays(today, 1), scope.timeZone);
  const lastChartDay = addDays(p.weeks[p.weeks.length - 1]!, 6);
  const departFrom = zonedDayStart(today, scope.timeZone);
  const departTo = zonedDayStart(addDays(today, DEPARTURE_DAYS + 1), scope.timeZone);
  const departureIds = db
    .select({ id: excursion.id })
    .from(excursion)
    .where(
      when(
        sees("departures"),
        eq(excursion.agencyId, agencyId),
        isNull(excursion.archivedAt),
        ne(excursion.status, "cancelled"),
        gte(excursion.departureAt, departFrom),
        lt(excursion.departureAt, departTo),
      ),
    )
    .orderBy(asc(excursion.departureAt), asc(excursion.id))
    .limit(DEPARTURE_LIMIT);
  const ownAgent = db
    .select({ id: agent.id })
    .from(agent)
    .where(and(eq(agent.agencyId, agencyId), eq(agent.userId, scope.userId), isNull(agent.deletedAt)));

  const [
    [users],
    [unread],
    salesRows,
    commissionRows,
    titleRows,
    accounts,
    entrySums,
    departures,
    crew,
    seats,
    taskRows,
    stageRows,
    [waiting],
    [setup],
  ] = await db.batch([
    db.select({ n: count() }).from(profile).where(and(eq(profile.agencyId, agencyId), eq(profile.active, true))),
    db.select({ n: count() }).from(notification).where(and(eq(notification.userId, scope.userId), eq(notification.read, false))),
    // Confirmed sales of the 12 months by month, currency and stored rate (sale_month_idx).
    db
      .select({
        month: sql<string>`substr(${sale.saleDate}, 1, 7)`,
        currency: sale.currency,
        rate: sale.fxRateE6,
        n: count(),
        total: sql<number>`coalesce(sum(${sale.totalCents}), 0)`,
        margin: sql<number>`coalesce(sum(${sale.marginCents}), 0)`,
      })
      .from(sale)
      .where(when(sees("sales"), saleScopeWhere(scope), eq(sale.status, "confirmed"), gte(sale.saleDate, `${p.months[0]}-01`), lte(sale.saleDate, monthEnd(p.month))))
      .groupBy(sql`1`, sale.currency, sale.fxRateE6),
    // The month's commissions (not cancelled): an Agente's own agent's.
    db
      .select({ currency: commissionLine.currency, n: count(), amount: sql<number>`coalesce(sum(${commissionLine.amountCents}), 0)` })
      .from(commissionLine)
      .where(
        when(
          sees("commissions"),
          eq(commissionLine.agencyId, agencyId),
          gte(commissionLine.saleDate, `${p.month}-01`),
          lte(commissionLine.saleDate, monthEnd(p.month)),
          ne(commissionLine.status, "cancelled"),
          scope.role === "Agente" ? inArray(commissionLine.agentId, ownAgent) : undefined,
        ),
      )
      .groupBy(commissionLine.currency),
    // Open and partial titles due up to the chart's last day: those before this week in one bucket, the rest by due day.
    // A title nothing was paid of counts its stored BRL (decision 0018); a partial one its open cents at its rate.
    db
      .select({
        direction: financeTitle.direction,
        bucket: sql<string>`case when ${financeTitle.dueDate} < ${p.week.from} then 'overdue' else ${financeTitle.dueDate} end`,
        currency: financeTitle.currency,
        rate: financeTitle.fxRateE6,
        stored: sql<number>`(${financeTitle.paidCents} = 0 and ${financeTitle.amountBrlCents} is not null)`,
        n: count(),
        open: sql<number>`coalesce(sum(${financeTitle.amountCents} - ${financeTitle.paidCents}), 0)`,
        brl: sql<number | null>`sum(${financeTitle.amountBrlCents})`,
      })
      .from(financeTitle)
      .where(
        when(
          sees("receivables") || sees("payables"),
          eq(financeTitle.agencyId, agencyId),
          inArray(financeTitle.status, ["open", "partial"]),
          lte(financeTitle.dueDate, lastChartDay),
        ),
      )
      .groupBy(financeTitle.direction, sql`2`, financeTitle.currency, financeTitle.fxRateE6, sql`5`),
    db
      .select({ id: bankAccount.id, name: bankAccount.name, currency: bankAccount.currency, opening: bankAccount.openingBalanceCents })
      .from(bankAccount)
      .where(when(sees("cash"), eq(bankAccount.agencyId, agencyId), isNull(bankAccount.deletedAt), eq(bankAccount.active, true)))
      .orderBy(asc(bankAccount.name), asc(bankAccount.id))
      .limit(ACCOUNT_LIMIT),
    entrySumsQuery(scope).having(sees("cash") ? undefined : FALSE),
    // The next departures with what their checklist reads (as the operational view, loadOperational).
    db
      .select({
        id: excursion.id,
        title: excursion.title,
        departureAt: excursion.departureAt,
        returnAt: excursion.returnAt,
        capacity: excursion.capacity,
        minPassengers: excursion.minPassengers,
        manifestFinalAt: excursion.manifestFinalAt,
        hasCharter: sql<number>`${excursion.charterId} is not null`,
        anttNumber: groundCharter.anttAuthorization,
        anttValidUntil: groundCharter.anttValidUntil,
        plate: fleetVehicle.plate,
        model: fleetVehicle.model,
        vehicleType: fleetVehicle.type,
        vehicleSeats: fleetVehicle.seats,
        insuranceExpiry: fleetVehicle.insuranceExpiry,
        inspectionExpiry: fleetVehicle.inspectionExpiry,
      })
      .from(excursion)
      .leftJoin(groundCharter, and(eq(groundCharter.agencyId, agencyId), eq(groundCharter.id, excursion.charterId)))
      .leftJoin(fleetVehicle, and(eq(fleetVehicle.agencyId, agencyId), eq(fleetVehicle.id, excursion.vehicleId)))
      .where(and(eq(excursion.agencyId, agencyId), inArray(excursion.id, departureIds)))
      .orderBy(asc(excursion.departureAt), asc(excursion.id)),
    db
      .select({
        excursionId: excursionComponent.excursionId,
        kind: excursionComponent.kind,
        driverName: driver.name,
        cnhCategory: driver.cnhCategory,
        cnhExpiry: driver.cnhExpiry,
        guideName: guide.name,
        cadasturExpiry: guide.cadasturExpiry,
      })
      .from(excursionComponent)
      .leftJoin(driver, and(eq(driver.agencyId, agencyId), eq(driver.id, excursionComponent.driverId)))
      .leftJoin(guide, and(eq(guide.agencyId, agencyId), eq(guide.id, excursionComponent.guideId)))
      .where(and(eq(excursionComponent.agencyId, agencyId), inArray(excursionComponent.excursionId, departureIds), inArray(excursionComponent.kind, ["driver", "guide"])))
      .orderBy(asc(excursionComponent.kind), asc(excursionComponent.position)),
    db
      .select({
        excursionId: excursionPassenger.excursionId,
        held: sql<number>`coalesce(sum(case when ${excursionPassenger.status} = 'held' then 1 else 0 end), 0)`,
        confirmed: sql<number>`coalesce(sum(case when ${excursionPassenger.status} = 'confirmed' then 1 else 0 end), 0)`,
      })
      .from(excursionPassenger)
      .where(and(eq(excursionPassenger.agencyId, agencyId), inArray(excursionPassenger.excursionId, departureIds), occupyingWhere(nowIso)))
      .groupBy(excursionPassenger.excursionId),
    // My tasks due by today's end, to do and in progress, and how many of them are overdue.
    db
      .select({ status: task.status, n: count(), overdue: sql<number>`coalesce(sum(case when ${task.dueAt} < ${departFrom} then 1 else 0 end), 0)` })
      .from(task)
      .where(
        when(
          sees("tasks"),
          eq(task.agencyId, agencyId),
          isNull(task.deletedAt),
          eq(task.assigneeUserId, scope.userId),
          inArray(task.status, ["a_fazer", "em_andamento"]),
          lt(task.dueAt, tomorrowStart),
        ),
      )
      .groupBy(task.status),
    // The open stages, each with the value of the deals the viewer sees, per currency.
    db
      .select({
        id: crmStage.id,
        name: crmStage.name,
        slug: crmStage.slug,
        color: crmStage.color,
        position: crmStage.position,
        currency: deal.currency,
        n: sql<number>`count(${deal.id})`,
        value: sql<number>`coalesce(sum(${deal.valueCents}), 0)`,
      })
      .from(crmStage)
      .leftJoin(deal, and(eq(deal.stageId, crmStage.id), ...dealScopeWhere(scope)))
      .where(when(sees("pipeline"), eq(crmStage.agencyId, agencyId), eq(crmStage.kind, "open")))
      .groupBy(crmStage.id, deal.currency)
      .orderBy(asc(crmStage.position), asc(crmStage.id)),
    db
      .select({ n: count() })
      .from(contract)
      .where(when(sees("contracts"), contractScopeWhere(scope), inArray(contract.status, ["generated", ...AWAITING]))),
    // The first steps of a new agency (each an indexed probe of one row).
    db
      .select({
        clients: sql<number>`exists (select 1 from "client" where "client"."agency_id" = ${agencyId} and "client"."deleted_at" is null)`,
        excursions: sql<number>`exists (select 1 from "excursion" where "excursion"."agency_id" = ${agencyId} and "excursion"."archived_at" is null)`,
        sales: sql<number>`exists (select 1 from "sale" where "sale"."agency_id" = ${agencyId} and "sale"."deleted_at" is null)`,
        asaas: sql<number>`exists (select 1 from "payment_integration" where "payment_integration"."agency_id" = ${agencyId} and "payment_integration"."enabled" = 1 and "payment_integration"."api_key_enc" is not null)`,
      })
      .from(sql`(select 1)`),
  ]);

  // Sales by month.
  const byMonth: MonthPoint[] = p.months.map((month) => {
    const rows = salesRows.filter((r) => r.month === month);
    return {
      month,
      count: rows.reduce((s, r) => s + num(r.n), 0),
      value: sumBrl(rows.map((r) => ({ currency: r.currency, rateE6: r.rate, cents: num(r.total) }))),
      margin: sumBrl(rows.map((r) => ({ currency: r.currency, rateE6: r.rate, cents: num(r.margin) }))),
    };
  });
  const pointOf = (month: string): SalesFigure => {
    const { count: n, value, margin } = byMonth.find((m) => m.month === month)!;
    return { count: n, value, margin };
  };

  // Titles.
  const tRows = titleRows as TitleRow[];
  const weekOf = (day: string) => p.weeks.findLast((monday) => monday <= day) ?? null;
  const titlesByWeek = p.weeks.map((week) => ({
    week,
    receivable: bucketOf(tRows, "receivable", (b) => b !== "overdue" && weekOf(b) === week),
    payable: bucketOf(tRows, "payable", (b) => b !== "overdue" && weekOf(b) === week),
    receivableHref: figureLinks.titlesWeek("receivable", week),
    payableHref: figureLinks.titlesWeek("payable", week),
  }));

  // Cash.
  const sums = new Map(entrySums.map((r) => [r.id, num(r.sum)]));
  const accountRows: AccountPosition[] = accounts.map((a) => ({
    id: a.id,
    name: a.name,
    currency: a.currency,
    balanceCents: a.opening + (sums.get(a.id) ?? 0),
    href: figureLinks.statement(a.id),
  }));

  // Departures and their checklist (checklist.ts, the operational view's).
  const seatsOf = new Map(seats.map((s) => [s.excursionId, { held: num(s.held), confirmed: num(s.confirmed) }]));
  const departureRows: Departure[] = departures.map((e) => {
    const mine = crew.filter((c) => c.excursionId === e.id);
    const taken = seatsOf.get(e.id) ?? { held: 0, confirmed: 0 };
    const vehicle =
      e.plate && e.model && e.vehicleType
        ? {
            label: vehicleLabel({ plate: e.plate, model: e.model }),
            type: e.vehicleType as FleetVehicleType,
            seats: num(e.vehicleSeats),
            insuranceExpiry: e.insuranceExpiry,
            inspectionExpiry: e.inspectionExpiry,
          }
        : null;
    const list = checklist({
      days: tripDays(e.departureAt, e.returnAt, scope.timeZone),
      vehicle,
      drivers: mine.flatMap((m) =>
        m.kind === "driver" && m.driverName && m.cnhCategory && m.cnhExpiry ? [{ name: m.driverName, cnhCategory: m.cnhCategory as CnhCategory, cnhExpiry: m.cnhExpiry }] : [],
      ),
      guides: mine.flatMap((m) => (m.kind === "guide" && m.guideName ? [{ name: m.guideName, cadasturExpiry: m.cadasturExpiry }] : [])),
      antt: e.hasCharter ? { number: e.anttNumber, validUntil: e.anttValidUntil } : null,
      passengers: { confirmed: taken.confirmed, minimum: e.minPassengers },
    });
    return {
      id: e.id,
      title: e.title,
      departureAt: e.departureAt,
      capacity: e.capacity,
      occupied: taken.held + taken.confirmed,
      confirmed: taken.confirmed,
      held: taken.held,
      ready: list.ready,
      failing: [...new Set(list.items.filter((i) => !i.ok).map((i) => i.key))],
      manifestFinal: !!e.manifestFinalAt,
      href: figureLinks.operational(e.id),
    };
  });

  // Pipeline.
  const stages = new Map<string, StageValue>();
  for (const r of stageRows) {
    let stage = stages.get(r.id);
    if (!stage) stages.set(r.id, (stage = { id: r.id, name: r.name, color: r.color, deals: 0, value: [], href: figureLinks.stage(r.slug) }));
    if (r.currency && num(r.n) > 0) {
      stage.deals += num(r.n);
      stage.value.push({ currency: r.currency, cents: num(r.value) });
    }
  }
  const pipelineTotal = new Map<string, number>();
  for (const s of stages.values()) for (const v of s.value) pipelineTotal.set(v.currency, (pipelineTotal.get(v.currency) ?? 0) + v.cents);

  const done = { clients: !!num(setup?.clients), excursions: !!num(setup?.excursions), sales: !!num(setup?.sales), asaas: !!num(setup?.asaas) };
  const taskOf = (status: string) => taskRows.find((r) => r.status === status);
  return {
    today,
    visible: [...visible],
    activeUsers: num(users?.n),
    unreadNotifications: num(unread?.n),
    sales: sees("sales")
      ? {
          month: p.month,
          lastMonth: p.lastMonth,
          current: pointOf(p.month),
          previous: pointOf(p.lastMonth),
          byMonth,
          href: figureLinks.salesMonth(p.month),
          previousHref: figureLinks.salesMonth(p.lastMonth),
        }
      : null,
    commissions: sees("commissions")
      ? {
          month: p.month,
          amount: sumBrl(commissionRows.map((r) => ({ currency: r.currency, rateE6: null, cents: num(r.amount) }))),
          lines: commissionRows.reduce((s, r) => s + num(r.n), 0),
          href: figureLinks.commissionsMonth(p.month),
        }
      : null,
    receivables: sees("receivables")
      ? {
          overdue: bucketOf(tRows, "receivable", (b) => b === "overdue" || b < today),
          today: bucketOf(tRows, "receivable", (b) => b === today),
          overdueHref: figureLinks.receivablesOverdue(),
          todayHref: figureLinks.receivablesToday(today),
        }
      : null,
    payables: sees("payables")
      ? {
          week: bucketOf(tRows, "payable", (b) => b !== "overdue" && b <= p.week.to),
          from: p.week.from,
          to: p.week.to,
          href: figureLinks.payablesWeek(p.week.from, p.week.to),
        }
      : null,
    titlesByWeek: sees("receivables") && sees("payables") ? titlesByWeek : null,
    cash: sees("cash")
      ? { accounts: accountRows, total: sumBrl(accountRows.map((a) => ({ currency: a.currency, rateE6: null, cents: a.balanceCents }))) }
      : null,
    departures: sees("departures")
      ? { rows: departureRows, from: today, to: addDays(today, DEPARTURE_DAYS), href: figureLinks.departures(today, addDays(today, DEPARTURE_DAYS)) }
      : null,
    tasks: sees("tasks")
      ? {
          todo: num(taskOf("a_fazer")?.n),
          doing: num(taskOf("em_andamento")?.n),
          overdue: num(taskOf("a_fazer")?.overdue) + num(taskOf("em_andamento")?.overdue),
          todoHref: figureLinks.tasks("a_fazer", scope.userId, today),
          doingHref: figureLinks.tasks("em_andamento", scope.userId, today),
        }
      : null,
    pipeline: sees("pipeline")
      ? { stages: [...stages.values()], total: [...pipelineTotal].map(([currency, cents]) => ({ currency, cents })).sort((a, b) => a.currency.localeCompare(b.currency)), href: "/crm" }
      : null,
    contracts: sees("contracts") ? { waiting: num(waiting?.n), href: figureLinks.contracts() } : null,
    setup: done,
    isNew: !done.clients && !done.excursions && !done.sales,
    steps: setupSteps(scope.role, licence, done),
  };
}
