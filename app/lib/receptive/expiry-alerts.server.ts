/**
 * The receptive documents' expiry alerts (issue #15 item 6), run with the
 * blocks' deadline alerts by the app Worker's Cron Trigger (workers/app.ts
 * `scheduled`) and locally by `npm run alerts`: for every active agency, the
 * live, active drivers whose CNH, guides whose CADASTUR and vehicles whose
 * insurance or inspection expires 30 or 7 days ahead in the agency's time zone
 * get an alert — once (service_alert), to the agency's Admin and Operacional
 * users in their language (alert-sender.server.ts). A document is valid
 * through its expiry day; a run that missed days still sends the alert whose
 * window is open, and nothing once the document has expired.
 */
import { and, eq, gte, isNull, lte, or } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { agency, driver, fleetVehicle, guide } from "~/db/schema";
import type { ServiceAlertKind } from "~/db/schema/services";
import { createDb, crossTenant } from "~/lib/platform/db.server";
import { formatCalendarDate } from "~/lib/platform/format";
import { languageOf, textIn } from "~/lib/platform/text-in";
import { formatPlate, RECEPTIVE_PATHS } from "~/lib/receptive/fields";
import { alertSender, type AlertJobEnv } from "~/lib/services/alert-sender.server";
import { daysUntil, dueAlert } from "~/lib/services/deadlines";

/** Days before an expiry at which the job alerts, most distant first. */
export const EXPIRY_ALERT_DAYS = [30, 7] as const;

type Candidate = {
  agencyId: string;
  timeZone: string;
  entity: "driver" | "guide" | "fleet_vehicle";
  entityId: string;
  name: string;
  kind: Extract<ServiceAlertKind, "cnh_expiry" | "cadastur_expiry" | "insurance_expiry" | "inspection_expiry">;
  /** The expiry day ("YYYY-MM-DD"); a renewed document is a new deadline, so a new alert. */
  deadline: string;
};

const DAY_MS = 86_400_000;
const LINKS = { driver: RECEPTIVE_PATHS.drivers, guide: RECEPTIVE_PATHS.guides, fleet_vehicle: RECEPTIVE_PATHS.fleet } as const;
const TEXT_KEYS = { cnh_expiry: "cnh", cadastur_expiry: "cadastur", insurance_expiry: "insurance", inspection_expiry: "inspection" } as const;

/** Live, active documents of active agencies expiring soon enough to matter (a margin for every time zone). */
async function candidates(env: AlertJobEnv, now: Date): Promise<Candidate[]> {
  // Across agencies on purpose: each alert is then recorded and sent for its own agency.
  const all = crossTenant(createDb(env.DB));
  const from = new Date(now.getTime() - 2 * DAY_MS).toISOString().slice(0, 10);
  const to = new Date(now.getTime() + 32 * DAY_MS).toISOString().slice(0, 10);
  const within = (column: SQLiteColumn) => and(gte(column, from), lte(column, to));
  const [drivers, guides, vehicles] = await Promise.all([
    all
      .select({ id: driver.id, agencyId: driver.agencyId, name: driver.name, expiry: driver.cnhExpiry, timeZone: agency.timeZone })
      .from(driver)
      .innerJoin(agency, eq(agency.id, driver.agencyId))
      .where(and(eq(agency.active, true), isNull(driver.deletedAt), eq(driver.active, true), within(driver.cnhExpiry))),
    all
      .select({ id: guide.id, agencyId: guide.agencyId, name: guide.name, expiry: guide.cadasturExpiry, timeZone: agency.timeZone })
      .from(guide)
      .innerJoin(agency, eq(agency.id, guide.agencyId))
      .where(and(eq(agency.active, true), isNull(guide.deletedAt), eq(guide.active, true), within(guide.cadasturExpiry))),
    all
      .select({
        id: fleetVehicle.id,
        agencyId: fleetVehicle.agencyId,
        plate: fleetVehicle.plate,
        model: fleetVehicle.model,
        insurance: fleetVehicle.insuranceExpiry,
        inspection: fleetVehicle.inspectionExpiry,
        timeZone: agency.timeZone,
      })
      .from(fleetVehicle)
      .innerJoin(agency, eq(agency.id, fleetVehicle.agencyId))
      .where(and(eq(agency.active, true), isNull(fleetVehicle.deletedAt), eq(fleetVehicle.active, true), or(within(fleetVehicle.insuranceExpiry), within(fleetVehicle.inspectionExpiry)))),
  ]);
  const out: Candidate[] = [];
  for (const d of drivers) out.push({ agencyId: d.agencyId, timeZone: d.timeZone, entity: "driver", entityId: d.id, name: d.name, kind: "cnh_expiry", deadline: d.expiry });
  for (const g of guides) if (g.expiry) out.push({ agencyId: g.agencyId, timeZone: g.timeZone, entity: "guide", entityId: g.id, name: g.name, kind: "cadastur_expiry", deadline: g.expiry });
  for (const v of vehicles) {
    const base = { agencyId: v.agencyId, timeZone: v.timeZone, entity: "fleet_vehicle" as const, entityId: v.id, name: `${formatPlate(v.plate)} · ${v.model}` };
    if (v.insurance && v.insurance >= from && v.insurance <= to) out.push({ ...base, kind: "insurance_expiry", deadline: v.insurance });
    if (v.inspection && v.inspection >= from && v.inspection <= to) out.push({ ...base, kind: "inspection_expiry", deadline: v.inspection });
  }
  return out;
}

/** The notification's texts in one recipient's language; `daysLeft` the calendar days to the expiry. */
export function expiryAlertTexts(language: string, c: Pick<Candidate, "kind" | "deadline" | "name">, daysLeft: number) {
  const lng = languageOf(language);
  const when = textIn(lng, daysLeft <= 0 ? "services.alerts.when.today" : daysLeft === 1 ? "services.alerts.when.tomorrow" : "services.alerts.when.inDays", { days: daysLeft });
  const values = { name: c.name, date: formatCalendarDate(c.deadline, lng, "long"), when };
  const key = TEXT_KEYS[c.kind];
  return { title: textIn(lng, `receptive.alerts.${key}.title`, values), message: textIn(lng, `receptive.alerts.${key}.message`, values) };
}

export type ExpiryRun = { alerts: number; notifications: number };

/** One run of the job at `now`; safe to run any number of times, concurrently too. */
export async function runExpiryAlerts(env: AlertJobEnv, now: Date = new Date()): Promise<ExpiryRun> {
  const send = alertSender(env);
  const run: ExpiryRun = { alerts: 0, notifications: 0 };
  for (const c of await candidates(env, now)) {
    const deadline = { day: c.deadline };
    const days = dueAlert(deadline, now, c.timeZone, EXPIRY_ALERT_DAYS);
    if (days === null) continue;
    const daysLeft = daysUntil(deadline, now, c.timeZone);
    const notified = await send(
      { agencyId: c.agencyId, entity: c.entity, entityId: c.entityId, kind: c.kind, deadline: c.deadline, daysBefore: days },
      (language) => expiryAlertTexts(language, c, daysLeft),
      `${LINKS[c.entity]}/editar/${c.entityId}`,
    );
    if (notified === null) continue;
    run.alerts++;
    run.notifications += notified;
  }
  return run;
}
