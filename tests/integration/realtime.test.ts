import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { notify, notifyAgencyAdmins } from "~/lib/platform/realtime.server";
import worker from "./worker";
import { appRequest, json } from "./harness";
import { createUser, seedDemo, signIn, SOL } from "./fixtures";

beforeAll(seedDemo);

const ORIGIN = "http://localhost:8787";

async function connect(userId: string, { cookie, origin = ORIGIN }: { cookie?: string; origin?: string | null }) {
  const headers = new Headers({ Upgrade: "websocket" });
  if (cookie) headers.set("Cookie", cookie);
  if (origin) headers.set("Origin", origin);
  const res = await worker.fetch(
    new Request(`${ORIGIN}/parties/notifications/${userId}`, { headers }) as unknown as Request<unknown, IncomingRequestCfProperties>,
    env,
  );
  return res;
}

function open(res: Response) {
  const ws = res.webSocket!;
  const messages: unknown[] = [];
  const waiters: Array<() => void> = [];
  ws.addEventListener("message", (e) => {
    messages.push(JSON.parse(e.data as string));
    waiters.splice(0).forEach((w) => w());
  });
  ws.accept();
  const next = async (count = 1) => {
    const deadline = Date.now() + 5000;
    while (messages.length < count && Date.now() < deadline) {
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 100);
      });
    }
    return messages;
  };
  return { ws, messages, next };
}

describe("notification room handshake", () => {
  it("is refused without a session", async () => {
    const u = await createUser();
    const res = await connect(u.id, {});
    expect(res.status).toBe(401);
    expect(res.webSocket).toBeNull();
  });

  it("is refused for another user's room", async () => {
    const me = await createUser();
    const other = await createUser();
    const res = await connect(other.id, { cookie: await signIn(me.email) });
    expect(res.status).toBe(403);
  });

  it("is refused from a foreign Origin or without one", async () => {
    const u = await createUser();
    const cookie = await signIn(u.email);
    expect((await connect(u.id, { cookie, origin: "https://evil.example" })).status).toBe(403);
    expect((await connect(u.id, { cookie, origin: null })).status).toBe(403);
  });

  it("refuses plain HTTP to a room (pushes come only through the binding)", async () => {
    const u = await createUser();
    const res = await worker.fetch(
      new Request(`${ORIGIN}/parties/notifications/${u.id}`, { method: "POST", body: "{}" }) as unknown as Request<unknown, IncomingRequestCfProperties>,
      env,
    );
    expect(res.status).toBe(404);
  });

  it("is accepted for the user's own room with a session from the app's origin", async () => {
    const u = await createUser();
    const res = await connect(u.id, { cookie: await signIn(u.email) });
    expect(res.status).toBe(101);
    res.webSocket!.accept();
    res.webSocket!.close();
  });
});

describe("notify()", () => {
  it("stores the notification and pushes it to every open socket of the user", async () => {
    const u = await createUser();
    const cookie = await signIn(u.email);
    const a = open(await connect(u.id, { cookie }));
    const b = open(await connect(u.id, { cookie }));
    const result = await notify(env, { userId: u.id, agencyId: SOL.id, title: "Pagamento recebido", message: "Venda 42 quitada", link: "/vendas" });
    expect(result.delivered).toBe(true);
    const [ma] = await a.next();
    const [mb] = await b.next();
    for (const m of [ma, mb]) {
      expect(m).toMatchObject({ type: "notification", notification: { id: result.id, title: "Pagamento recebido", message: "Venda 42 quitada", link: "/vendas", read: false } });
    }
    const row = await env.DB.prepare("select user_id, title, read from notification where id = ?").bind(result.id).first();
    expect(row).toEqual({ user_id: u.id, title: "Pagamento recebido", read: 0 });
    a.ws.close();
    b.ws.close();
  });

  it("never pushes to another user's sockets", async () => {
    const me = await createUser();
    const other = await createUser();
    const mine = open(await connect(me.id, { cookie: await signIn(me.email) }));
    await notify(env, { userId: other.id, agencyId: SOL.id, title: "Só para o outro", message: "x" });
    await notify(env, { userId: me.id, agencyId: SOL.id, title: "Para mim", message: "y" });
    const messages = await mine.next(1);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ notification: { title: "Para mim" } });
    mine.ws.close();
  });

  it("keeps what was sent while disconnected: the list catches up on reconnect", async () => {
    const u = await createUser();
    const cookie = await signIn(u.email);
    const first = open(await connect(u.id, { cookie }));
    first.ws.close();
    const missed = await notify(env, { userId: u.id, agencyId: SOL.id, title: "Enquanto offline", message: "z" });
    const list = await json<{ notifications: { id: string }[]; unread: number }>(await appRequest("/notificacoes", { cookie }));
    expect(list.notifications.map((n) => n.id)).toContain(missed.id);
    expect(list.unread).toBe(1);
  });

  it("notifies every active admin of an agency", async () => {
    const admin = await createUser({ role: "Admin" });
    const agent = await createUser({ role: "Agente" });
    await notifyAgencyAdmins(env, SOL.id, { title: "Licença alterada", message: "Módulos atualizados" });
    const count = (id: string) => env.DB.prepare("select count(*) as n from notification where user_id = ? and title = 'Licença alterada'").bind(id).first<{ n: number }>();
    expect((await count(admin.id))?.n).toBe(1);
    expect((await count(agent.id))?.n).toBe(0);
  });
});

describe("/notificacoes", () => {
  it("lists the newest 100 with the exact unread count, newest first", async () => {
    const u = await createUser();
    const cookie = await signIn(u.email);
    const stmts = Array.from({ length: 105 }, (_, i) =>
      env.DB.prepare("insert into notification (id, user_id, agency_id, title, message, read, created_at) values (?, ?, ?, ?, ?, 0, ?)").bind(
        `n-${u.id}-${String(i).padStart(3, "0")}`,
        u.id,
        SOL.id,
        `T${i}`,
        "m",
        new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
      ),
    );
    await env.DB.batch(stmts);
    const list = await json<{ notifications: { title: string }[]; unread: number }>(await appRequest("/notificacoes", { cookie }));
    expect(list.notifications).toHaveLength(100);
    expect(list.notifications[0]!.title).toBe("T104");
    expect(list.unread).toBe(105);
  });

  it("marks one and all as read, syncing the user's other tabs, and never touches another user's", async () => {
    const u = await createUser();
    const other = await createUser();
    const cookie = await signIn(u.email);
    const tab = open(await connect(u.id, { cookie }));
    const a = await notify(env, { userId: u.id, agencyId: SOL.id, title: "A", message: "a" });
    await notify(env, { userId: u.id, agencyId: SOL.id, title: "B", message: "b" });
    const foreign = await notify(env, { userId: other.id, agencyId: SOL.id, title: "C", message: "c" });
    await tab.next(2);

    expect((await appRequest("/notificacoes", { cookie, form: { intent: "read", id: foreign.id } })).status).toBe(404);
    expect((await env.DB.prepare("select read from notification where id = ?").bind(foreign.id).first<{ read: number }>())?.read).toBe(0);

    expect((await appRequest("/notificacoes", { cookie, form: { intent: "read", id: a.id } })).status).toBe(200);
    expect((await tab.next(3))[2]).toEqual({ type: "read", ids: [a.id] });
    expect((await json<{ unread: number }>(await appRequest("/notificacoes", { cookie }))).unread).toBe(1);

    expect((await appRequest("/notificacoes", { cookie, form: { intent: "read-all" } })).status).toBe(200);
    expect((await tab.next(4))[3]).toEqual({ type: "read-all" });
    expect((await json<{ unread: number }>(await appRequest("/notificacoes", { cookie }))).unread).toBe(0);
    expect((await env.DB.prepare("select read from notification where id = ?").bind(foreign.id).first<{ read: number }>())?.read).toBe(0);
    tab.ws.close();
  });

  it("refuses bad input with 400 and needs a session", async () => {
    const cookie = await signIn((await createUser()).email);
    expect((await appRequest("/notificacoes", { cookie, form: { intent: "explode" } })).status).toBe(400);
    expect((await appRequest("/notificacoes", { cookie, form: { intent: "read" } })).status).toBe(400);
    expect((await appRequest("/notificacoes")).status).toBe(302);
  });
});
