/**
 * Public pages (issue #21): a visitor at phone size opens Sol Viagens' packages in English,
 * opens one, asks to reserve (a field error first, in English), and the staff — signed in as
 * the Admin in another browser context — see the lead arrive live (a toast and the bell,
 * linking to the new deal). An unknown slug is a 404 page in the visitor's language. A visitor's
 * excursion page shows the places left change live (the seat room's public socket) when staff
 * hold a seat in another context; the trip (published, open, on a charter with a seat map) is
 * added to the demo seed.
 */
import type { BrowserContext, Page } from "@playwright/test";
import { executeSql, expect, signIn, test } from "./fixtures";

const SOL = "0190a000-0000-7000-8000-000000000001";
const LIVE_TRIP = "0190e2e0-0021-7001-8000-000000000001";
const LIVE_SLUG = "e2e-publica-ao-vivo";

test.beforeAll(() => {
  const q = (v: string) => `'${v.replaceAll("'", "''")}'`;
  const now = new Date().toISOString();
  const departure = new Date(Date.now() + 60 * 86_400_000);
  departure.setUTCHours(23, 0, 0, 0);
  const back = new Date(departure.getTime() + 3 * 86_400_000);
  executeSql(
    [
      `insert into excursion (id, agency_id, title, slug, destination_id, departure_at, return_at, charter_id, capacity, status, published, created_at, updated_at)
       select ${q(LIVE_TRIP)}, ${q(SOL)}, 'Serra ao vivo — e2e', ${q(LIVE_SLUG)}, (select id from destination where agency_id = ${q(SOL)} order by id limit 1), ${q(departure.toISOString())}, ${q(back.toISOString())}, c.id, c.capacity, 'open', 1, ${q(now)}, ${q(now)}
       from ground_charter c where c.agency_id = ${q(SOL)} and c.archived_at is null order by c.id limit 1 on conflict do nothing;`,
      `insert into excursion_price (id, agency_id, excursion_id, room_type, age_band, price_cents, created_at, updated_at)
       values (${q(LIVE_TRIP.replace("7001", "7003"))}, ${q(SOL)}, ${q(LIVE_TRIP)}, 'double', 'adult', 99000, ${q(now)}, ${q(now)}) on conflict do nothing;`,
    ].join("\n"),
  );
});

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "en-US", extraHTTPHeaders: { "Accept-Language": "en-US,en;q=0.9", "cf-connecting-ip": "10.201.0.7" } };

async function clearNotifications(page: Page, context: BrowserContext) {
  const res = await context.request.post("/notificacoes", { form: { intent: "read-all" }, headers: { Origin: new URL(page.url()).origin } });
  expect(res.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId("notification-bell")).toHaveAttribute("data-connected", "true");
}

test("a visitor asks to reserve a package in English at phone size; staff see the lead live", async ({ page: staff, context: staffContext, browser }) => {
  await signIn(staff, "admin@sol.example");
  await clearNotifications(staff, staffContext);

  const visitorContext = await browser.newContext(PHONE);
  const visitor = await visitorContext.newPage();
  await visitor.goto("/agencia/sol-viagens/pacotes");
  await expect(visitor.locator("h1")).toContainText("Packages and excursions by Sol Viagens");
  // Nothing wider than the phone.
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await visitor.locator('[data-testid="public-card"][data-kind="package"]').first().click();
  await expect(visitor.getByTestId("public-item")).toBeVisible();
  await expect(visitor.getByTestId("public-prices")).toContainText("Adult");
  const title = (await visitor.locator("h1").textContent())!.trim();
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const form = visitor.getByTestId("public-reserve-form");
  await form.locator("input[name=name]").fill("Visitor Smith");
  await form.locator("input[name=email]").fill("visitor@example.com");
  await form.locator("input[name=phone]").fill("12");
  const departure = form.locator("select[name=departure]");
  const firstDate = await departure.locator("option").nth(1).getAttribute("value");
  await departure.selectOption(firstDate!);
  await form.locator("input[name=passengers]").fill("2");
  await visitor.getByTestId("public-reserve-submit").click();
  await expect(visitor.getByTestId("public-reserve-error-phone")).toHaveText("Enter a phone number with its area code.");
  await form.locator("input[name=phone]").fill("+55 11 98888-7777");
  await visitor.getByTestId("public-reserve-submit").click();
  await expect(visitor.getByTestId("public-reserve-sent")).toContainText("Request sent!");

  // Staff: live, without a reload.
  await expect(staff.getByTestId("notification-count")).toHaveText("1");
  await expect(staff.getByTestId("toast").first()).toContainText("Visitor Smith");
  await staff.getByTestId("notification-bell").click();
  await expect(staff.getByTestId("notification-item").first()).toContainText(title);
  await staff.getByTestId("notification-item").first().getByRole("link").click();
  await expect(staff).toHaveURL(/\/crm\/negocios\/editar\//);
  await expect(staff.locator("input[name=leadName]")).toHaveValue("Visitor Smith");
  await visitorContext.close();
});

test("an unknown package is a 404 page in the visitor's language, not the sign-in", async ({ browser }) => {
  const context = await browser.newContext({ locale: "es-ES", extraHTTPHeaders: { "Accept-Language": "es-ES,es;q=0.9" } });
  const page = await context.newPage();
  const res = await page.goto("/pacote/este-pacote-nao-existe");
  expect(res!.status()).toBe(404);
  await expect(page).toHaveURL(/\/pacote\/este-pacote-nao-existe$/);
  await expect(page.getByTestId("public-not-found")).toContainText("Página no encontrada");
  await context.close();
});

test("an excursion at phone size shows its boarding points and its live places", async ({ browser }) => {
  const context = await browser.newContext({ ...PHONE, locale: "pt-BR", extraHTTPHeaders: { "Accept-Language": "pt-BR" } });
  const page = await context.newPage();
  await page.goto("/agencia/sol-viagens/pacotes");
  await page.locator('[data-testid="public-card"][data-kind="excursion"]').first().click();
  await expect(page.getByTestId("public-item")).toHaveAttribute("data-kind", "excursion");
  await expect(page.getByTestId("public-boardings").locator("li").first()).toContainText(/\d{2}:\d{2}/);
  await expect(page.getByTestId("public-places-free")).toContainText(/lugares livres|Esgotado/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});

test("a visitor's excursion page shows the places left change live when staff hold a seat", async ({ page: staff, browser }) => {
  const visitorContext = await browser.newContext({ ...PHONE, locale: "pt-BR", extraHTTPHeaders: { "Accept-Language": "pt-BR", "cf-connecting-ip": "10.201.0.8" } });
  const visitor = await visitorContext.newPage();
  const errors: string[] = [];
  visitor.on("pageerror", (e) => errors.push(e.message));
  await visitor.goto(`/excursao/${LIVE_SLUG}`);
  // The seat room's public socket is open (the /lugares poll is only the fallback).
  await expect(visitor.getByTestId("public-live-places")).toHaveAttribute("data-live", "true");
  const free = visitor.getByTestId("public-places-free");
  await expect(free).toContainText(/\d+ lugares livres/);
  const before = Number((await free.textContent())!.match(/\d+/)![0]);
  const navigations: string[] = [];
  visitor.on("framenavigated", (f) => f === visitor.mainFrame() && navigations.push(f.url()));

  // Staff, in another context: a new sale on the trip, and a seat held on its map.
  await signIn(staff, "admin@sol.example");
  await staff.goto(`/vendas/excursoes/novo?excursao=${LIVE_TRIP}`);
  await staff.locator("select[name=clientId]").selectOption({ index: 1 });
  const agent = staff.locator("select[name=agentId]");
  if ((await agent.inputValue()) === "") await agent.selectOption({ index: 1 });
  await staff.getByTestId("excursion-sale-create").click();
  await expect(staff).toHaveURL(/\/vendas\/excursoes\/gerenciar\//);
  await expect(staff.getByTestId("seat-live")).toHaveAttribute("data-connected", "true");
  const seat = staff.locator("[data-testid=sale-seat-map] [data-kind=seat][data-state=free]:not([data-blocked])").first();
  const n = (await seat.getAttribute("data-seat"))!;
  await seat.click();
  await expect(staff.locator(`[data-testid=sale-seat-map] [data-seat="${n}"]`)).toHaveAttribute("data-selected", "true");

  // The visitor: one place fewer, without a reload.
  await expect(free).toHaveText(new RegExp(`^${before - 1} lugares livres`));
  expect(navigations).toEqual([]);
  expect(errors).toEqual([]);
  await visitorContext.close();
});
