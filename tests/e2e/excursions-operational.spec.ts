/**
 * An excursion's operational view end to end (Serviços › Excursões ›
 * operacional), in Chromium, in Portuguese and Spanish, at 1280×800 and
 * 390×844. Sales (#16) do not exist yet, so before the tests an excursion of
 * Sol Viagens with eight passengers (and one with none) is written straight
 * into the e2e database (wrangler d1 execute on .wrangler/e2e-state, as the
 * bench seeds do), on the demo seed's charter, boarding points, destination,
 * fleet and crew. Each variant opens the view, sees the header, the checklist,
 * the passengers and the seat map, downloads the manifest CSV and reads it,
 * and looks at the page as printed; pt desktop also sees the empty state.
 * Screenshots go to SHOTS_DIR (default test-results/screenshots/operational).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { executeSql, expect, test, signIn } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/operational";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
const SOL = "0190a000-0000-7000-8000-000000000001";
const TRIP = "0190e2e0-0015-7001-8000-000000000001";
const EMPTY_TRIP = "0190e2e0-0015-7001-8000-000000000002";
const TITLE = "Gramado Natal Luz — operacional e2e";

const TEXT = {
  pt: { checklist: "Checklist antes da viagem", empty: "Nenhum passageiro ainda", rg: "RG", passport: "Passaporte", seat: "Poltrona 1, vendida" },
  es: { checklist: "Checklist antes del viaje", empty: "Todavía no hay pasajeros", rg: "RG \\(documento de identidad\\)", passport: "Pasaporte", seat: "Asiento 1, vendido" },
} as const;

const q = (v: string | number | null) => (v === null ? "NULL" : typeof v === "number" ? String(v) : `'${v.replaceAll("'", "''")}'`);

/** The excursions and passengers, on the demo seed's rows (found by query, not by id). */
function seedSql(): string {
  const now = new Date().toISOString();
  const departure = new Date(Date.now() + 40 * 86_400_000);
  departure.setUTCHours(23, 0, 0, 0);
  const back = new Date(departure.getTime() + 4 * 86_400_000);
  const first = (table: string, extra = "") => `(select id from ${table} where agency_id = ${q(SOL)} ${extra} order by id limit 1)`;
  const point = (n: number) => `(select id from boarding_point where agency_id = ${q(SOL)} and deleted_at is null order by id limit 1 offset ${n})`;
  const trip = (id: string, title: string, slug: string) =>
    `insert into excursion (id, agency_id, title, slug, destination_id, departure_at, return_at, charter_id, capacity, vehicle_id, min_passengers, status, created_at, updated_at)
     select ${q(id)}, ${q(SOL)}, ${q(title)}, ${q(slug)}, ${first("destination")}, ${q(departure.toISOString())}, ${q(back.toISOString())}, c.id, c.capacity, ${first("fleet_vehicle", "and type in ('bus', 'double_decker') and deleted_at is null")}, 6, 'open', ${q(now)}, ${q(now)}
     from ground_charter c where c.agency_id = ${q(SOL)} and c.archived_at is null order by c.id limit 1 on conflict do nothing;`;
  const boarding = (id: string, trip: string, n: number, minutes: number) =>
    `insert into excursion_boarding (id, agency_id, excursion_id, boarding_point_id, departure_at, position, created_at, updated_at) values (${q(id)}, ${q(SOL)}, ${q(trip)}, ${point(n)}, ${q(new Date(departure.getTime() + minutes * 60_000).toISOString())}, ${n}, ${q(now)}, ${q(now)}) on conflict do nothing;`;
  const b1 = "0190e2e0-0015-7002-8000-000000000001";
  const b2 = "0190e2e0-0015-7002-8000-000000000002";
  const names = ["Ana Beatriz Souza", "Bruno Carvalho", "Carla Mendes", "Diego Ferreira", "Elisa Nogueira", "Fábio Teixeira", "Gabriela Rocha", "Heitor Almeida"];
  const passengers = names.map((name, i) => {
    const n = i + 1;
    return `(${[
      `0190e2e0-0015-7003-8000-00000000000${n}`, SOL, TRIP, n === 8 ? "held" : "confirmed", null, String(n), name, n === 3 ? "passport" : "rg", n === 5 ? null : `${12_345_670 + n}`, "adult", "double", `Q${Math.ceil(n / 2)}`, n <= 5 ? b1 : b2, `1198877000${n}`, now, now,
    ].map(q).join(", ")})`;
  });
  return [
    trip(TRIP, TITLE, "e2e-operacional-gramado"),
    trip(EMPTY_TRIP, "Bate-volta sem vendas — e2e", "e2e-operacional-vazia"),
    boarding(b1, TRIP, 0, 0),
    boarding(b2, TRIP, 1, 50),
    boarding("0190e2e0-0015-7002-8000-000000000003", EMPTY_TRIP, 0, 0),
    `insert into excursion_component (id, agency_id, excursion_id, kind, driver_id, position, created_at, updated_at) select '0190e2e0-0015-7004-8000-000000000001', ${q(SOL)}, ${q(TRIP)}, 'driver', ${first("driver", "and deleted_at is null")}, 0, ${q(now)}, ${q(now)} on conflict do nothing;`,
    `insert into excursion_component (id, agency_id, excursion_id, kind, guide_id, position, created_at, updated_at) select '0190e2e0-0015-7004-8000-000000000002', ${q(SOL)}, ${q(TRIP)}, 'guide', ${first("guide", "and deleted_at is null")}, 1, ${q(now)}, ${q(now)} on conflict do nothing;`,
    `insert into excursion_passenger (id, agency_id, excursion_id, status, hold_expires_at, seat, name, document_type, document_number, age_band, room_type, room_label, boarding_id, phone, created_at, updated_at) values\n${passengers.join(",\n")}\non conflict do nothing;`,
  ].join("\n");
}

test.beforeAll(() => executeSql(seedSql()));

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of (400|404)/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(350);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function axe(page: Page) {
  await page
    .waitForFunction(() => [...document.querySelectorAll<HTMLElement>('main [style*="opacity"]')].every((el) => Number(getComputedStyle(el).opacity) === 1), undefined, { timeout: 3000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).include("#main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).join(", ")}`)).toEqual([]);
}

const VARIANTS = [
  { lang: "pt", size: "desktop" },
  { lang: "pt", size: "mobile" },
  { lang: "es", size: "desktop" },
  { lang: "es", size: "mobile" },
] as const;

for (const { lang, size } of VARIANTS) {
  test(`the operational view: checklist, passengers, seats, manifest CSV (${lang}, ${size})`, async ({ page, baseURL }) => {
    const text = TEXT[lang];
    await page.setViewportSize(VIEWPORTS[size]);
    if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
    await signIn(page);
    // This screen's console from here on (the sign-in page is another spec's).
    const errors = watchConsole(page);

    await page.goto(`/servicos/excursoes/operacional/${TRIP}`);
    await expect(page.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    const checklist = page.getByTestId("operational-checklist");
    await expect(checklist.getByRole("heading", { name: text.checklist })).toBeVisible();
    // Computed from the data: the minimum (6) is reached by the 7 confirmed; every item says its state in words.
    await expect(checklist.locator("li[data-key=minimum]")).toHaveAttribute("data-ok", "true");
    expect(await checklist.locator("li[data-key]").count()).toBeGreaterThanOrEqual(3);
    await expect(page.getByTestId("operational-passengers").locator("tbody tr")).toHaveCount(8);
    await expect(page.getByTestId("operational-seat-map").locator("[data-seat='1']")).toHaveAttribute("data-state", "sold");
    await expect(page.getByTestId("operational-seat-map").locator("[data-seat='8']")).toHaveAttribute("data-state", "held");
    await expect(page.getByTestId("operational-seat-map").getByLabel(text.seat, { exact: true })).toHaveCount(1);
    await expect(page.getByTestId("operational-boarding").locator("[data-boarding]")).toHaveCount(2);
    await shot(page, `operational-${lang}-${size}`);
    await axe(page);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);

    // The manifest CSV: the columns and the eight lines in seat order, in the user's language.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("manifest-csv").click()]);
    expect(download.suggestedFilename()).toBe(`manifesto-${TRIP.slice(-6)}.csv`);
    const lines = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "").trim().split(/\r\n/);
    expect(lines[0]).toBe("number;name;documentType;documentNumber;seat;boardingPoint;boardingTime");
    expect(lines).toHaveLength(9);
    expect(lines[1]).toMatch(new RegExp(`^1;Ana Beatriz Souza;${text.rg};12345671;1;`));
    expect(lines[3]).toMatch(new RegExp(`^3;Carla Mendes;${text.passport};12345673;3;`));
    expect(lines[5]).toMatch(new RegExp(`^5;Elisa Nogueira;${text.rg};—;5;`));

    // As printed: the shell and the buttons gone.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".shell-sidebar")).toBeHidden();
    await expect(page.getByTestId("manifest-csv")).toBeHidden();
    await shot(page, `operational-print-${lang}-${size}`);
    await page.emulateMedia({ media: "screen" });

    if (lang === "pt" && size === "desktop") {
      await page.goto(`/servicos/excursoes/operacional/${EMPTY_TRIP}`);
      await expect(page.getByTestId("operational-empty").getByRole("heading", { name: text.empty })).toBeVisible();
      await expect(page.getByTestId("manifest-finalize")).toBeDisabled();
      await shot(page, `operational-empty-${lang}-${size}`);
      await axe(page);
    }
    expect(errors).toEqual([]);
  });
}
