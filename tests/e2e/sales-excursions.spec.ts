/**
 * Excursion sales on the live seat map (issue #16 item 3), two sellers of the
 * same agency in two browser contexts: seller A (Admin) holds a seat, seller B
 * (Agente) sees it held live without a reload, A releases, B sees it free, B
 * holds and sells it (confirm), A sees it sold — in pt and en; phone-width
 * screenshots; axe on the manage page. The trips are added to the demo seed
 * (one per language, open, on a charter with its seat map, a boarding point and
 * a price tier).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { DEMO_PASSWORD, executeSql, expect, test } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/sales-excursions";
const SOL = "0190a000-0000-7000-8000-000000000001";
const TRIPS = { pt: "0190e2e0-0016-7001-8000-000000000001", en: "0190e2e0-0016-7001-8000-000000000002" } as const;
const TEXT = {
  pt: { confirmed: "Confirmada", title: "Vendas de excursões" },
  en: { confirmed: "Confirmed", title: "Excursion sales" },
} as const;

const q = (v: string) => `'${v.replaceAll("'", "''")}'`;

function seedSql(): string {
  const now = new Date().toISOString();
  const departure = new Date(Date.now() + 50 * 86_400_000);
  departure.setUTCHours(23, 0, 0, 0);
  const back = new Date(departure.getTime() + 3 * 86_400_000);
  const out: string[] = [];
  for (const [lang, id] of Object.entries(TRIPS)) {
    const boarding = id.replace("7001", "7002");
    out.push(
      `insert into excursion (id, agency_id, title, slug, destination_id, departure_at, return_at, charter_id, capacity, status, created_at, updated_at)
       select ${q(id)}, ${q(SOL)}, ${q(`Serra da Mantiqueira — vendas e2e ${lang}`)}, ${q(`e2e-vendas-${lang}`)}, (select id from destination where agency_id = ${q(SOL)} order by id limit 1), ${q(departure.toISOString())}, ${q(back.toISOString())}, c.id, c.capacity, 'open', ${q(now)}, ${q(now)}
       from ground_charter c where c.agency_id = ${q(SOL)} and c.archived_at is null order by c.id limit 1 on conflict do nothing;`,
      `insert into excursion_boarding (id, agency_id, excursion_id, boarding_point_id, departure_at, position, created_at, updated_at)
       values (${q(boarding)}, ${q(SOL)}, ${q(id)}, (select id from boarding_point where agency_id = ${q(SOL)} and deleted_at is null order by id limit 1), ${q(departure.toISOString())}, 0, ${q(now)}, ${q(now)}) on conflict do nothing;`,
      `insert into excursion_price (id, agency_id, excursion_id, room_type, age_band, price_cents, created_at, updated_at)
       values (${q(id.replace("7001", "7003"))}, ${q(SOL)}, ${q(id)}, 'double', 'adult', 129000, ${q(now)}, ${q(now)}) on conflict do nothing;`,
    );
  }
  return out.join("\n");
}

test.beforeAll(() => executeSql(seedSql()));

let ip = 0;
async function seller(browser: Browser, baseURL: string, email: string, lang: "pt" | "en", width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, locale: lang === "pt" ? "pt-BR" : "en-US" });
  await context.setExtraHTTPHeaders({ "cf-connecting-ip": `10.99.${Math.floor(++ip / 250)}.${(ip % 250) + 1}` });
  if (lang !== "pt") await context.addCookies([{ name: "lng", value: lang, url: baseURL }]);
  const page = await context.newPage();
  await page.goto("/login");
  await page.locator("input[name=email]").fill(email);
  await page.locator("input[name=password]").fill(DEMO_PASSWORD);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  return { context, page };
}

/** A new draft on the trip for the first client; lands on the manage page with the socket open. */
async function newSale(page: Page, trip: string) {
  await page.goto(`/vendas/excursoes/novo?excursao=${trip}`);
  await page.locator("select[name=clientId]").selectOption({ index: 1 });
  const agent = page.locator("select[name=agentId]");
  if ((await agent.inputValue()) === "") await agent.selectOption({ index: 1 });
  await page.getByTestId("excursion-sale-create").click();
  await expect(page).toHaveURL(/\/vendas\/excursoes\/gerenciar\//);
  await expect(page.getByTestId("seat-live")).toHaveAttribute("data-connected", "true");
}

const seat = (page: Page, n: string) => page.locator(`[data-testid=sale-seat-map] [data-seat="${n}"]`);

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function axe(page: Page) {
  const results = await new AxeBuilder({ page }).include("#main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).join(", ")}`)).toEqual([]);
}

for (const lang of ["pt", "en"] as const) {
  test(`two sellers on one seat map, live: hold, release, sell (${lang})`, async ({ browser, baseURL }) => {
    const trip = TRIPS[lang];
    const a = await seller(browser, baseURL!, "admin@sol.example", lang);
    const b = await seller(browser, baseURL!, "agente@sol.example", lang, 390);
    const errors: string[] = [];
    for (const p of [a.page, b.page]) p.on("pageerror", (e) => errors.push(e.message));
    await newSale(a.page, trip);
    await newSale(b.page, trip);

    const free = a.page.locator('[data-testid=sale-seat-map] [data-kind=seat][data-state=free]:not([data-blocked])').first();
    const n = (await free.getAttribute("data-seat"))!;
    const navigations: string[] = [];
    b.page.on("framenavigated", (f) => f === b.page.mainFrame() && navigations.push(f.url()));

    // A holds: B sees it held, live.
    await seat(a.page, n).click();
    await expect(seat(a.page, n)).toHaveAttribute("data-selected", "true");
    await expect(seat(b.page, n)).toHaveAttribute("data-state", "held");
    await expect(a.page.getByTestId("hold-countdown")).toBeVisible();
    await shot(a.page, `${lang}-a-held-desktop`);
    await shot(b.page, `${lang}-b-sees-held-phone`);

    // A releases: B sees it free.
    await seat(a.page, n).click();
    await expect(seat(b.page, n)).toHaveAttribute("data-state", "free");

    // B holds, picks the boarding point, confirms: A sees it sold.
    await seat(b.page, n).click();
    await expect(seat(b.page, n)).toHaveAttribute("data-selected", "true");
    await expect(seat(a.page, n)).toHaveAttribute("data-state", "held");
    const place = b.page.getByTestId("sale-place").first();
    await place.locator("select[name=boardingId]").selectOption({ index: 1 });
    await place.getByTestId("place-save").click();
    await expect(b.page.getByTestId("toast").first()).toBeVisible();
    // The place's save revalidates the page; a click while that re-render is in flight was lost once (no POST).
    await b.page.waitForLoadState("networkidle");
    await b.page.getByTestId("sale-confirm").click();
    await expect(b.page.getByTestId("sale-status")).toHaveText(TEXT[lang].confirmed);
    await expect(seat(a.page, n)).toHaveAttribute("data-state", "sold");
    expect(navigations.filter((u) => !u.includes("/gerenciar/"))).toEqual([]);
    await shot(b.page, `${lang}-b-sold-phone`);
    await shot(a.page, `${lang}-a-sees-sold-desktop`);
    await axe(b.page);

    // The list shows the sale.
    await b.page.goto("/vendas/excursoes");
    await expect(b.page.getByRole("heading", { level: 1, name: TEXT[lang].title })).toBeVisible();
    await expect(b.page.getByTestId("sale-status").first()).toBeVisible();
    await shot(b.page, `${lang}-list-phone`);
    await axe(b.page);
    expect(errors).toEqual([]);
    await a.context.close();
    await b.context.close();
  });
}
