/**
 * The receptive documents' expiry alerts (issue #15 item 6) on local D1:
 * 30 and 7 days before a CNH, CADASTUR, insurance or inspection expires (in the
 * agency's time zone), each alert once even when the job runs again or twice at
 * once, none for a deleted or inactive record or after the expiry, a renewed
 * document alerting anew; notifications reach only the agency's active Admin
 * and Operacional users, in their language; other agencies untouched.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { runExpiryAlerts } from "~/lib/receptive/expiry-alerts.server";
import { createAgency, createUser } from "./fixtures";

type Team = { id: string; admin: string; opsEn: string; agente: string };

async function team(name: string, timeZone = "America/Sao_Paulo"): Promise<Team> {
  const agency = await createAgency(name);
  await env.DB.prepare("update agency set time_zone = ? where id = ?").bind(timeZone, agency.id).run();
  const user = async (role: string) => (await createUser({ role, agencyId: agency.id, name: `${role} ${name}` })).id;
  const t = { id: agency.id, admin: await user("Admin"), opsEn: await user("Operacional"), agente: await user("Agente") };
  await env.DB.prepare("update profile set locale = 'en' where id = ?").bind(t.opsEn).run();
  return t;
}

const now = () => new Date().toISOString();
async function driverExpiring(t: Team, expiry: string, options: { deleted?: boolean; active?: boolean } = {}) {
  const id = uuidv7();
  await env.DB.prepare("insert into driver (id, agency_id, name, cnh_number, cnh_category, cnh_expiry, active, deleted_at, created_at, updated_at) values (?, ?, ?, ?, 'D', ?, ?, ?, ?, ?)")
    .bind(id, t.id, `Motorista ${expiry}`, String(10_000_000_000 + Math.floor(Math.random() * 89_999_999_999)).slice(0, 11), expiry, options.active === false ? 0 : 1, options.deleted ? now() : null, now(), now())
    .run();
  return id;
}
async function vehicleExpiring(t: Team, insurance: string | null, inspection: string | null) {
  const id = uuidv7();
  const plate = `ABC${Math.floor(Math.random() * 10)}D${String(Math.floor(Math.random() * 90) + 10)}`;
  await env.DB.prepare("insert into fleet_vehicle (id, agency_id, plate, model, type, seats, insurance_expiry, inspection_expiry, created_at, updated_at) values (?, ?, ?, 'Sprinter', 'van', 15, ?, ?, ?, ?)")
    .bind(id, t.id, plate, insurance, inspection, now(), now())
    .run();
  return id;
}
async function guideExpiring(t: Team, expiry: string) {
  const id = uuidv7();
  await env.DB.prepare("insert into guide (id, agency_id, name, cadastur_number, cadastur_expiry, created_at, updated_at) values (?, ?, ?, '21.123456.10.0001-5', ?, ?, ?)")
    .bind(id, t.id, `Guia ${expiry}`, expiry, now(), now())
    .run();
  return id;
}
const alertsOf = async (entityId: string) =>
  (await env.DB.prepare("select kind, deadline, days_before from service_alert where entity_id = ? order by days_before desc, kind").bind(entityId).all<{ kind: string; deadline: string; days_before: number }>()).results;
const notificationsOf = async (userId: string) =>
  (await env.DB.prepare("select title, message, link from notification where user_id = ? order by created_at").bind(userId).all<{ title: string; message: string; link: string }>()).results;

// 2027-03-01 12:00 in São Paulo (UTC−3).
const AT = new Date("2027-03-01T15:00:00.000Z");
const at = (days: number) => new Date(AT.getTime() + days * 86_400_000);

let A: Team;
let B: Team;
beforeAll(async () => {
  A = await team("Agência Alertas Receptivo A");
  B = await team("Agência Alertas Receptivo B");
});

describe("receptive expiry alerts", () => {
  it("alerts 30 and 7 days before a CNH expires, once each, to Admin and Operacional in their language", async () => {
    const d = await driverExpiring(A, "2027-03-31");
    await runExpiryAlerts(env, AT);
    await runExpiryAlerts(env, AT);
    await Promise.all([runExpiryAlerts(env, at(1)), runExpiryAlerts(env, at(1))]);
    expect(await alertsOf(d)).toEqual([{ kind: "cnh_expiry", deadline: "2027-03-31", days_before: 30 }]);
    await runExpiryAlerts(env, at(23));
    await runExpiryAlerts(env, at(24));
    expect((await alertsOf(d)).map((a) => a.days_before)).toEqual([30, 7]);
    const pt = (await notificationsOf(A.admin)).filter((n) => n.link.endsWith(d));
    expect(pt).toHaveLength(2);
    expect(pt[0]!.title).toBe("CNH de Motorista 2027-03-31 vence em 30 dias");
    expect(pt[0]!.link).toBe(`/receptivo/motoristas/editar/${d}`);
    const en = (await notificationsOf(A.opsEn)).filter((n) => n.link.endsWith(d));
    expect(en[1]!.title).toBe("Motorista 2027-03-31's CNH expires in 7 days");
    expect((await notificationsOf(A.agente)).filter((n) => n.link.endsWith(d))).toEqual([]);
  });

  it("a run that missed the 30-day window sends the 7-day alert only; nothing after the expiry; a renewed CNH alerts anew", async () => {
    const late = await driverExpiring(A, "2027-03-05");
    await runExpiryAlerts(env, AT);
    expect((await alertsOf(late)).map((a) => a.days_before)).toEqual([7]);
    const expired = await driverExpiring(A, "2027-02-28");
    await runExpiryAlerts(env, AT);
    expect(await alertsOf(expired)).toEqual([]);
    await env.DB.prepare("update driver set cnh_expiry = '2027-03-30' where id = ?").bind(late).run();
    await runExpiryAlerts(env, AT);
    expect((await alertsOf(late)).map((a) => [a.deadline, a.days_before])).toEqual([
      ["2027-03-30", 30],
      ["2027-03-05", 7],
    ]);
  });

  it("skips deleted and inactive records; covers CADASTUR, insurance and inspection; leaves other agencies alone", async () => {
    const deleted = await driverExpiring(A, "2027-03-20", { deleted: true });
    const inactive = await driverExpiring(A, "2027-03-20", { active: false });
    const g = await guideExpiring(A, "2027-03-08");
    const v = await vehicleExpiring(A, "2027-03-31", "2027-03-06");
    const other = await driverExpiring(B, "2027-05-01");
    const before = (await notificationsOf(B.admin)).length;
    await runExpiryAlerts(env, AT);
    expect(await alertsOf(deleted)).toEqual([]);
    expect(await alertsOf(inactive)).toEqual([]);
    expect((await alertsOf(g)).map((a) => [a.kind, a.days_before])).toEqual([["cadastur_expiry", 7]]);
    expect((await alertsOf(v)).map((a) => [a.kind, a.days_before])).toEqual([
      ["insurance_expiry", 30],
      ["inspection_expiry", 7],
    ]);
    expect(await alertsOf(other)).toEqual([]);
    expect((await notificationsOf(B.admin)).length).toBe(before);
  });

  it("counts days in the agency's time zone: the window opens at local midnight", async () => {
    const T = await team("Agência Alertas Tóquio", "Asia/Tokyo");
    const d = await driverExpiring(T, "2027-03-31");
    // 2027-02-28 14:59Z is 23:59 on the 28th in Tokyo: 31 days before, no alert; a minute later it is March 1st there.
    await runExpiryAlerts(env, new Date("2027-02-28T14:59:00.000Z"));
    expect(await alertsOf(d)).toEqual([]);
    await runExpiryAlerts(env, new Date("2027-02-28T15:00:00.000Z"));
    expect((await alertsOf(d)).map((a) => a.days_before)).toEqual([30]);
  });
});
