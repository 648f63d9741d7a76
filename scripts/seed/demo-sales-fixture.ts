/**
 * The demo sales as the seed builds them (registers, finance, packages, receptive, services,
 * excursions, then sales), on a fixed day: the shared fixture of the seed tests that check
 * what is built over the sales (seed-sales, seed-invoices, seed-commissions).
 */
import { DEMO_AGENCIES, DEMO_USERS, excursionParties } from "./seed";
import { buildExcursionRows } from "./seed-excursions";
import { buildFinanceRows } from "./seed-finance";
import { buildPackageRows } from "./seed-packages";
import { buildReceptiveRows } from "./seed-receptive";
import { buildRegisterRows } from "./seed-registers";
import { buildSalesRows } from "./seed-sales";
import { buildServiceRows } from "./seed-services";

export const TODAY = new Date("2026-11-25T15:00:00.000Z");
export const TODAY_DAY = "2026-11-25";
export const NOW = new Date("2026-01-05T12:00:00.000Z");
export const registers = buildRegisterRows(DEMO_AGENCIES, { now: NOW, agentUserId: DEMO_USERS[2].id });
export const byAgency = (rows: readonly Record<string, unknown>[], id: string) => rows.filter((r) => r.agency_id === id);
export const finance = buildFinanceRows(DEMO_AGENCIES, {
  now: NOW,
  today: TODAY_DAY,
  parties: Object.fromEntries(
    DEMO_AGENCIES.map((a) => [
      a.id,
      {
        clients: byAgency(registers.client, a.id).map((r) => ({ id: String(r.id), name: String(r.name) })),
        suppliers: byAgency(registers.supplier, a.id).map((r) => ({ id: String(r.id), name: String(r.name), category: String(r.category) })),
        userId: null,
      },
    ]),
  ),
});
export const packages = buildPackageRows(DEMO_AGENCIES, {
  today: TODAY,
  parties: Object.fromEntries(
    DEMO_AGENCIES.map((a) => [a.id, { operators: byAgency(registers.supplier, a.id).filter((r) => r.category === "operator").map((r) => String(r.id)), operatorNames: {}, destinations: byAgency(registers.destination, a.id).map((r) => ({ id: String(r.id), name: String(r.name) })), userId: null }]),
  ),
});
export const receptive = buildReceptiveRows(DEMO_AGENCIES, { today: TODAY, userIds: {}, providers: Object.fromEntries(DEMO_AGENCIES.map((a) => [a.id, byAgency(registers.provider, a.id).map((r) => String(r.id))])) });
export const services = await buildServiceRows(DEMO_AGENCIES, {
  today: TODAY,
  parties: Object.fromEntries(
    DEMO_AGENCIES.map((a) => [
      a.id,
      {
        suppliers: byAgency(registers.supplier, a.id).map((r) => ({ id: String(r.id), name: String(r.trade_name ?? r.name), category: String(r.category) })),
        destinations: [...byAgency(registers.destination, a.id), ...byAgency(packages.destination, a.id)].map((r) => ({ id: String(r.id), name: String(r.name) })),
        userId: null,
      },
    ]),
  ),
});
export const excursions = buildExcursionRows(DEMO_AGENCIES, { today: TODAY, parties: excursionParties(registers, packages, receptive, services) });
export const userIds = Object.fromEntries(DEMO_AGENCIES.map((a) => [a.id, DEMO_USERS.find((u) => u.agencyId === a.id && u.role === "Admin")!.id]));
export const rows = buildSalesRows(DEMO_AGENCIES, { today: TODAY, now: NOW, rows: { ...registers, ...finance, ...excursions }, userIds });
