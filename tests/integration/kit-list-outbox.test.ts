/**
 * The list kit (kit/list.server.ts runList) on a table that is not a register:
 * the e-mail outbox has no search-text column, no soft delete and no counter.
 * Walking keyset pages forwards and backwards gives every row once, in order;
 * filtered totals are counted; another agency's mails never appear; the tenant
 * guard is on throughout (the database is the app's guarded one).
 */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { beforeAll, describe, expect, it } from "vitest";
import { parseListQuery } from "~/lib/kit/list";
import { createDb, TenantScopeError } from "~/lib/platform/db.server";
import { OUTBOX_LIST } from "~/lib/settings/outbox";
import { listOutbox, OUTBOX_SOURCE } from "~/lib/settings/outbox.server";
import { runList } from "~/lib/kit/list.server";
import { createAgency } from "./fixtures";

const db = createDb(env.DB);
const STATUSES = ["queued", "sent", "failed", "local"] as const;

let mine: string;
let theirs: string;
/** My mails, newest first (created_at desc, id desc). */
let expected: { id: string; createdAt: string; status: string }[];
let theirIds: Set<string>;

async function insertMails(agencyId: string, count: number) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    // Every fourth mail shares one instant: ties are broken by id.
    const createdAt = i % 4 === 0 ? "2026-05-01T10:00:00.000Z" : new Date(Date.UTC(2026, 4, 1, 11, i)).toISOString();
    rows.push({ id: uuidv7(), createdAt, status: STATUSES[i % 4]! });
  }
  await env.DB.batch(
    rows.map((r) =>
      env.DB.prepare("insert into email_outbox (id, agency_id, kind, to_address, subject, text, status, created_at) values (?, ?, 'test', 'x@test.example', ?, 'body', ?, ?)").bind(
        r.id,
        agencyId,
        `Mail ${r.id}`,
        r.status,
        r.createdAt,
      ),
    ),
  );
  return rows;
}

const byNewest = (a: { createdAt: string; id: string }, b: { createdAt: string; id: string }) =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1;

beforeAll(async () => {
  mine = (await createAgency()).id;
  theirs = (await createAgency()).id;
  expected = (await insertMails(mine, 57)).sort(byNewest);
  theirIds = new Set((await insertMails(theirs, 30)).map((r) => r.id));
  // A mail of no agency (a SuperAdmin's password reset) belongs to no agency's outbox.
  await env.DB.prepare("insert into email_outbox (id, agency_id, kind, to_address, subject, text, created_at) values (?, null, 'password-reset', 'y@test.example', 's', 't', ?)").bind(uuidv7(), "2026-05-01T10:30:00.000Z").run();
});

const query = (search: string) => parseListQuery(new URLSearchParams(search), OUTBOX_LIST);

describe("runList on the outbox", () => {
  it("walks forwards and backwards without gaps or repeats, newest first", async () => {
    const scope = { db, agencyId: mine };
    const forwards: string[][] = [];
    const cursors: (string | null)[] = [];
    let after: string | null = null;
    do {
      const { rows, page } = await listOutbox(scope, query(after ? `after=${after}` : ""));
      expect(page.total).toBe(57);
      expect(page.totalCapped).toBe(false);
      expect(rows.every((r) => !theirIds.has(r.id))).toBe(true);
      forwards.push(rows.map((r) => r.id));
      cursors.push(page.prev);
      after = page.next;
    } while (after);
    expect(forwards.map((p) => p.length)).toEqual([25, 25, 7]);
    expect(forwards.flat()).toEqual(expected.map((r) => r.id));
    expect(cursors[0]).toBeNull();

    // Backwards from the last page: the same pages in reverse, each in the list's order.
    const backwards: string[][] = [forwards[2]!];
    let before = cursors[2]!;
    while (before) {
      const { rows, page } = await listOutbox(scope, query(`before=${before}`));
      backwards.unshift(rows.map((r) => r.id));
      before = page.prev!;
    }
    expect(backwards).toEqual(forwards);
  });

  it("counts filtered totals and pages a filter", async () => {
    const scope = { db, agencyId: mine };
    for (const status of STATUSES) {
      const want = expected.filter((r) => r.status === status).map((r) => r.id);
      const first = await listOutbox(scope, query(`status=${status}&size=25`));
      expect(first.page.total, status).toBe(want.length);
      expect(first.rows.every((r) => r.status === status)).toBe(true);
      const rest = first.page.next ? (await listOutbox(scope, query(`status=${status}&after=${first.page.next}`))).rows : [];
      expect([...first.rows, ...rest].map((r) => r.id), status).toEqual(want);
    }
    // A value outside the filter's list is dropped: the whole outbox.
    expect((await listOutbox(scope, query("status=bounced"))).page.total).toBe(57);
  });

  it("never shows another agency's mails, and the other agency sees only its own", async () => {
    const theirsPage = await listOutbox({ db, agencyId: theirs }, query("size=100"));
    expect(theirsPage.page.total).toBe(30);
    expect(new Set(theirsPage.rows.map((r) => r.id))).toEqual(theirIds);
    // A cursor taken from another agency's list only moves within mine.
    const cursor = (await listOutbox({ db, agencyId: theirs }, query(""))).page.next;
    expect(cursor).toBeTruthy();
    const foreign = await listOutbox({ db, agencyId: mine }, query(`after=${cursor}&size=100`));
    expect(foreign.rows.length).toBeGreaterThan(0);
    expect(foreign.rows.some((r) => theirIds.has(r.id))).toBe(false);
  });

  it("is refused by the tenant guard without the agency's scope", async () => {
    const unscoped = { ...OUTBOX_SOURCE, scope: () => [] };
    await expect(runList({ db, agencyId: null }, unscoped, query(""), (where, order, limit) => db.select().from(OUTBOX_SOURCE.table).where(where).orderBy(...order).limit(limit).then((rows) => rows as { id: string; sortValue: string }[]))).rejects.toBeInstanceOf(TenantScopeError);
  });
});
