/**
 * The deadline alerts job (runDeadlineAlerts, the Cron Trigger's handler) on
 * the real local D1, with the clock given:
 *  - each alert once: a second run, or two runs at once, add nothing;
 *  - 7 and 2 days before a hotel block's release and an air block's name and
 *    ticketing deadlines, by the agency's calendar days (time-zone edge);
 *  - a run that missed days still sends an alert whose window is open, never
 *    one whose deadline has passed;
 *  - none for archived blocks; other agencies untouched;
 *  - notifications reach only the agency's active Admin and Operacional users,
 *    each in their own language, linking to the block.
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { runDeadlineAlerts } from "~/lib/services/deadlines.server";
import { createAgency, createUser } from "./fixtures";

type Team = { id: string; admin: string; ops: string; opsEn: string; agente: string; financeiro: string; inactiveOps: string; hotel: string; airline: string };

async function supplierOf(agencyId: string, category: string) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into supplier (id, agency_id, name, category, search_text, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)")
    .bind(id, agencyId, `Fornecedor ${category}`, category, category, now, now)
    .run();
  return id;
}

async function team(name: string, timeZone: string): Promise<Team> {
  const agency = await createAgency(name);
  await env.DB.prepare("update agency set time_zone = ? where id = ?").bind(timeZone, agency.id).run();
  const user = async (role: string) => (await createUser({ role, agencyId: agency.id, name: `${role} ${name}` })).id;
  const t = {
    id: agency.id,
    admin: await user("Admin"),
    ops: await user("Operacional"),
    opsEn: await user("Operacional"),
    agente: await user("Agente"),
    financeiro: await user("Financeiro"),
    inactiveOps: await user("Operacional"),
    hotel: await supplierOf(agency.id, "hotel"),
    airline: await supplierOf(agency.id, "airline"),
  };
  await env.DB.prepare("update profile set locale = 'en' where id = ?").bind(t.opsEn).run();
  await env.DB.prepare("update profile set active = 0 where id = ?").bind(t.inactiveOps).run();
  return t;
}

async function hotelBlock(t: Team, releaseDate: string, archived = false) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare(
    "insert into accommodation_block (id, agency_id, title, hotel_id, check_in, check_out, release_date, archived_at, created_at, updated_at) values (?, ?, ?, ?, '2027-12-20', '2027-12-24', ?, ?, ?, ?)",
  )
    .bind(id, t.id, `Hotel ${releaseDate}`, t.hotel, releaseDate, archived ? now : null, now, now)
    .run();
  return id;
}

async function airBlock(t: Team, nameDeadline: string | null, ticketingDeadline: string | null) {
  const id = uuidv7();
  const now = new Date().toISOString();
  await env.DB.prepare("insert into air_block (id, agency_id, title, airline_id, seats, name_deadline, ticketing_deadline, created_at, updated_at) values (?, ?, ?, ?, 20, ?, ?, ?, ?)")
    .bind(id, t.id, `Voo ${nameDeadline ?? ticketingDeadline}`, t.airline, nameDeadline, ticketingDeadline, now, now)
    .run();
  return id;
}

type AlertRow = { agency_id: string; entity: string; entity_id: string; kind: string; deadline: string; days_before: number };
type NotificationRow = { user_id: string; agency_id: string; title: string; message: string; link: string };

const alertsFor = async (entityId: string) =>
  (await env.DB.prepare("select * from service_alert where entity_id = ? order by days_before desc, kind").bind(entityId).all<AlertRow>()).results;
const notificationsFor = async (link: string) =>
  (await env.DB.prepare("select * from notification where link = ? order by user_id, title").bind(link).all<NotificationRow>()).results;
const notificationsOf = async (agencyId: string) => (await env.DB.prepare("select * from notification where agency_id = ?").bind(agencyId).all<NotificationRow>()).results;
const hotelLink = (id: string) => `/servicos/bloqueio-hospedagem/editar/${id}`;
const airLink = (id: string) => `/servicos/bloqueio-aereo/editar/${id}`;

/** 12:00 in São Paulo (UTC−3) on a day. */
const noonSp = (day: string) => new Date(`${day}T15:00:00.000Z`);

let sp: Team;
let tokyo: Team;
let quiet: Team;

beforeAll(async () => {
  sp = await team("Alertas SP", "America/Sao_Paulo");
  tokyo = await team("Alertas Tóquio", "Asia/Tokyo");
  quiet = await team("Sem alertas", "America/Sao_Paulo");
});

describe("deadline alerts", () => {
  it("alerts 7 days before a release once, to the active Admin and Operacional users only, each in their language", async () => {
    const id = await hotelBlock(sp, "2027-03-17");
    const now = noonSp("2027-03-10");
    await runDeadlineAlerts(env, now);
    await runDeadlineAlerts(env, new Date(now.getTime() + 3_600_000));
    expect(await alertsFor(id)).toEqual([expect.objectContaining({ agency_id: sp.id, entity: "accommodation_block", kind: "release", deadline: "2027-03-17", days_before: 7 })]);
    const sent = await notificationsFor(hotelLink(id));
    expect(sent.map((n) => n.user_id).sort()).toEqual([sp.admin, sp.ops, sp.opsEn].sort());
    expect(sent.every((n) => n.agency_id === sp.id)).toBe(true);
    const byUser = new Map(sent.map((n) => [n.user_id, n]));
    expect(byUser.get(sp.admin)!.title).toBe("Release em 7 dias: Hotel 2027-03-17");
    expect(byUser.get(sp.admin)!.message).toContain("17 de março de 2027");
    expect(byUser.get(sp.opsEn)!.title).toBe("Release in 7 days: Hotel 2027-03-17");
    expect(byUser.get(sp.opsEn)!.message).toContain("March 17, 2027");
  });

  it("alerts again 2 days before, once; nothing before the window, nothing after the deadline", async () => {
    const id = await hotelBlock(sp, "2027-04-20");
    await runDeadlineAlerts(env, noonSp("2027-04-12"));
    expect(await alertsFor(id)).toEqual([]);
    await runDeadlineAlerts(env, noonSp("2027-04-13"));
    await runDeadlineAlerts(env, noonSp("2027-04-15"));
    expect((await alertsFor(id)).map((a) => a.days_before)).toEqual([7]);
    await runDeadlineAlerts(env, noonSp("2027-04-18"));
    await runDeadlineAlerts(env, noonSp("2027-04-20"));
    expect((await alertsFor(id)).map((a) => a.days_before)).toEqual([7, 2]);
    expect(await notificationsFor(hotelLink(id))).toHaveLength(6);
    // A release already passed gets nothing.
    const passed = await hotelBlock(sp, "2027-04-19");
    await runDeadlineAlerts(env, noonSp("2027-04-20"));
    expect(await alertsFor(passed)).toEqual([]);
  });

  it("after missed days sends the alert whose window is open, once, and never two at once", async () => {
    // Created (or the job down) until 5 days before: the 7-day alert goes out late, once.
    const late = await hotelBlock(sp, "2027-05-20");
    await runDeadlineAlerts(env, noonSp("2027-05-15"));
    await runDeadlineAlerts(env, noonSp("2027-05-16"));
    expect((await alertsFor(late)).map((a) => a.days_before)).toEqual([7]);
    // Its text says how many days are really left.
    expect((await notificationsFor(hotelLink(late))).find((n) => n.user_id === sp.admin)!.title).toBe("Release em 5 dias: Hotel 2027-05-20");
    // Down until the day before: only the 2-day alert.
    const later = await hotelBlock(sp, "2027-05-21");
    await runDeadlineAlerts(env, noonSp("2027-05-20"));
    expect((await alertsFor(later)).map((a) => a.days_before)).toEqual([2]);
    expect((await notificationsFor(hotelLink(later))).find((n) => n.user_id === sp.opsEn)!.title).toBe("Release tomorrow: Hotel 2027-05-21");
  });

  it("alerts name and ticketing deadlines of air blocks", async () => {
    const id = await airBlock(sp, "2027-06-12T20:00:00.000Z", "2027-06-20T20:00:00.000Z");
    await runDeadlineAlerts(env, noonSp("2027-06-10"));
    expect((await alertsFor(id)).map((a) => [a.kind, a.days_before, a.deadline])).toEqual([["name_deadline", 2, "2027-06-12T20:00:00.000Z"]]);
    await runDeadlineAlerts(env, noonSp("2027-06-13"));
    expect((await alertsFor(id)).map((a) => [a.kind, a.days_before])).toEqual([
      ["ticketing_deadline", 7],
      ["name_deadline", 2],
    ]);
    const sent = await notificationsFor(airLink(id));
    expect(sent.filter((n) => n.user_id === sp.opsEn).map((n) => n.title)).toEqual([
      `Name deadline in 2 days: Voo 2027-06-12T20:00:00.000Z`,
      `Ticketing deadline in 7 days: Voo 2027-06-12T20:00:00.000Z`,
    ]);
    // A moved deadline is a new one: alerted again.
    await env.DB.prepare("update air_block set name_deadline = '2027-06-14T20:00:00.000Z' where id = ?").bind(id).run();
    await runDeadlineAlerts(env, noonSp("2027-06-13"));
    expect((await alertsFor(id)).filter((a) => a.kind === "name_deadline").map((a) => a.deadline)).toEqual(["2027-06-12T20:00:00.000Z", "2027-06-14T20:00:00.000Z"]);
  });

  it("sends nothing for archived blocks", async () => {
    const archived = await hotelBlock(sp, "2027-07-17", true);
    await runDeadlineAlerts(env, noonSp("2027-07-10"));
    expect(await alertsFor(archived)).toEqual([]);
    expect(await notificationsFor(hotelLink(archived))).toEqual([]);
  });

  it("records each alert once when two runs overlap", async () => {
    const id = await hotelBlock(sp, "2027-08-17");
    await Promise.all([runDeadlineAlerts(env, noonSp("2027-08-10")), runDeadlineAlerts(env, noonSp("2027-08-10"))]);
    expect(await alertsFor(id)).toHaveLength(1);
    expect(await notificationsFor(hotelLink(id))).toHaveLength(3);
  });

  it("counts days in each agency's time zone, and leaves other agencies untouched", async () => {
    // 16:00 UTC on March 9th is 01:00 on March 10th in Tokyo, 13:00 on March 9th in São Paulo.
    const now = new Date("2027-09-09T16:00:00.000Z");
    const inTokyo = await hotelBlock(tokyo, "2027-09-17");
    const inSp = await hotelBlock(sp, "2027-09-17");
    await runDeadlineAlerts(env, now);
    expect((await alertsFor(inTokyo)).map((a) => a.days_before)).toEqual([7]);
    expect(await alertsFor(inSp)).toEqual([]);
    const tokyoSent = await notificationsFor(hotelLink(inTokyo));
    expect(tokyoSent.map((n) => n.user_id).sort()).toEqual([tokyo.admin, tokyo.ops, tokyo.opsEn].sort());
    // An air deadline at 23:30 on September 11th in Tokyo: its 2-day window opens at 00:00 on the 9th there (15:00 UTC on the 8th).
    const air = await airBlock(tokyo, "2027-09-11T14:30:00.000Z", null);
    await runDeadlineAlerts(env, new Date("2027-09-08T14:59:00.000Z")); // 23:59 on the 8th in Tokyo: 3 days ahead → the 7-day alert
    expect((await alertsFor(air)).map((a) => a.days_before)).toEqual([7]);
    await runDeadlineAlerts(env, new Date("2027-09-08T15:00:00.000Z")); // 00:00 on the 9th in Tokyo: 2 days ahead
    expect((await alertsFor(air)).map((a) => a.days_before)).toEqual([7, 2]);
    expect(await notificationsOf(quiet.id)).toEqual([]);
    for (const user of [sp.agente, sp.financeiro, sp.inactiveOps, tokyo.agente]) {
      expect((await env.DB.prepare("select count(*) as n from notification where user_id = ?").bind(user).first<{ n: number }>())!.n).toBe(0);
    }
  });
});
