/**
 * The receptive schedule end to end (Serviços › Receptivo), in Chromium, in
 * Portuguese and Spanish, at 1280×800 and 390×844, on the demo seed (a week of
 * orders from today: every day the arrival transfer at 09:00–11:00 is Carlos's,
 * in the van): schedule a transfer that overlaps it with the same driver and van
 * and see both refused on the server with the reason; reassign it to a free
 * driver and vehicle, save, and find it in the day's agenda. Each variant works
 * on its own day so the runs never clash with each other. Screenshots go to
 * SHOTS_DIR (default test-results/screenshots/receptive, ignored by git).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, signIn } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/receptive";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

const TEXT = {
  pt: {
    agenda: "Agenda do receptivo",
    newOrder: "Nova ordem de serviço",
    busy: "Já tem outra ordem neste horário.",
    seeded: "Família Andrade · LA3310",
    saved: (name: string) => `${name} foi salvo.`,
  },
  es: {
    agenda: "Agenda del receptivo",
    newOrder: "Nueva orden de servicio",
    busy: "Ya tiene otra orden en este horario.",
    seeded: "Família Andrade · LA3310",
    saved: (name: string) => `${name} se guardó.`,
  },
} as const;

/** Today in São Paulo (the demo agencies' zone) plus `days`. */
function dayFromToday(days: number) {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  return new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

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

/** Chooses the option of a select whose text contains `text`. */
async function pick(page: Page, name: string, text: string) {
  const label = await page.locator(`select[name=${name}] option`, { hasText: text }).first().innerText();
  await page.locator(`select[name=${name}]`).selectOption({ label });
}

const VARIANTS = [
  { lang: "pt", size: "desktop", day: 1 },
  { lang: "pt", size: "mobile", day: 2 },
  { lang: "es", size: "desktop", day: 3 },
  { lang: "es", size: "mobile", day: 4 },
] as const;

for (const { lang, size, day } of VARIANTS) {
  test(`a transfer that clashes with the driver and van is refused, then scheduled with free ones (${lang}, ${size})`, async ({ page, baseURL }) => {
    const text = TEXT[lang];
    const errors = watchConsole(page);
    await page.setViewportSize(VIEWPORTS[size]);
    if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
    await signIn(page);
    const date = dayFromToday(day);
    const reference = `Grupo ${lang} ${size} ${Date.now()}`;

    // The day's agenda shows the seeded arrival.
    await page.goto(`/servicos/receptivo?data=${date}`);
    await expect(page.getByRole("heading", { level: 1, name: text.agenda })).toBeVisible();
    await expect(page.getByTestId("agenda-order").filter({ hasText: text.seeded })).toBeVisible();
    await shot(page, `agenda-${lang}-${size}`);
    await axe(page);

    await page.getByTestId("new-order").click();
    await expect(page.getByRole("heading", { level: 1, name: text.newOrder })).toBeVisible();
    await page.locator("select[name=serviceId]").selectOption({ label: "Transfer Aeroporto de Guarulhos → hotel" });
    await page.locator("input[name=startsAt]").fill(`${date}T10:00`);
    await page.locator("input[name=passengers]").fill("4");
    await page.locator("input[name=reference]").fill(reference);
    await page.locator("select[name=driverId]").selectOption({ label: "Carlos Eduardo Pereira (D)" });
    await pick(page, "vehicleId", "RTA1B23");
    await page.locator("form#order-form button[type=submit]").click();

    // Refused on the server: Carlos and the van are on the 09:00–11:00 arrival.
    const driverError = page.locator("#order-form").getByText(text.busy);
    await expect(driverError.first()).toBeVisible();
    expect(await driverError.count()).toBe(2);
    await expect(page.locator("input[name=reference]")).toHaveValue(reference);
    await shot(page, `order-refused-${lang}-${size}`);

    // José (E) and the SUV are free at 10:00; four passengers fit.
    await page.locator("select[name=driverId]").selectOption({ label: "José Antônio Ribeiro (E)" });
    await pick(page, "vehicleId", "RTA4D56");
    await page.locator("form#order-form button[type=submit]").click();
    await expect(page.getByText(text.saved(reference)).first()).toBeVisible();
    await expect(page).toHaveURL(/\/servicos\/receptivo\/ordens\/editar\//);

    await page.goto(`/servicos/receptivo?data=${date}`);
    const created = page.getByTestId("agenda-order").filter({ hasText: reference });
    await expect(created).toBeVisible();
    await expect(created).toContainText("José Antônio Ribeiro");
    await shot(page, `agenda-after-${lang}-${size}`);
    const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(scroll).toBeLessThanOrEqual(client);
    expect(errors).toEqual([]);
  });
}
