/**
 * Excursions end to end (Serviços › Excursões), in Chromium, in Portuguese and
 * Spanish, at 1280×800 and 390×844: from a seeded ground charter's page,
 * "Create excursion" opens the form prefilled from the charter; add two
 * boarding points (one time typed, one left to the point's offset) and a price,
 * save, open the sales (a confirmation first), clone it with a 7-day shift and
 * find every date moved, and follow the link to the operational view. Axe on
 * the list, the form and the clone screen. Screenshots go to SHOTS_DIR
 * (default test-results/screenshots/excursions, ignored by git).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, signIn } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/excursions";
const LIST = "/servicos/excursoes";
/** The Sol agency's first seeded charter (scripts/seed/seed-services.ts): Gramado Natal Luz, ônibus 1. */
const CHARTER = "/servicos/fretamento-terrestre/editar/0190a000-0160-7001-8000-000000000001";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;

const TEXT = {
  pt: { newExcursion: "Nova excursão", create: "Criar excursão", open: "À venda", draft: "Rascunho", saved: (n: string) => `${n} foi salvo.`, opened: (n: string) => `${n}: vendas abertas.`, cloned: (n: string) => `Excursão clonada: ${n}.`, list: "Excursões" },
  es: { newExcursion: "Nueva excursión", create: "Crear excursión", open: "A la venta", draft: "Borrador", saved: (n: string) => `${n} se guardó.`, opened: (n: string) => `${n}: ventas abiertas.`, cloned: (n: string) => `Excursión clonada: ${n}.`, list: "Excursiones" },
} as const;

const RUN = Date.now();

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

async function shot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(350);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage });
}

async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, "page wider than the window").toBeLessThanOrEqual(client);
}

/** No serious or critical WCAG 2.1 AA violation in the screen's content (as services.spec.ts). */
async function axe(page: Page) {
  await page
    .waitForFunction(() => [...document.querySelectorAll<HTMLElement>('main [style*="opacity"]')].every((el) => Number(getComputedStyle(el).opacity) === 1), undefined, { timeout: 3000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page })
    .include("#main")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).join(", ")}`)).toEqual([]);
}

/** "2027-12-10T21:00" moved by whole days (the form's local date-time). */
const plusDays = (local: string, days: number) => new Date(Date.parse(`${local}:00.000Z`) + days * 86_400_000).toISOString().slice(0, 16);

for (const lang of ["pt", "es"] as const) {
  for (const size of ["desktop", "mobile"] as const) {
    test(`excursion from a charter, boarding and price, opened, cloned 7 days later, operational link (${lang}, ${size})`, async ({ page, baseURL }) => {
      const text = TEXT[lang];
      const errors = watchConsole(page);
      await page.setViewportSize(VIEWPORTS[size]);
      if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
      await signIn(page);
      // One short search token per run and test (search matches substrings: "es" is in "desktop").
      const name = `Natal Luz ${lang}${size[0]}${String(RUN).slice(-6)}`;

      // The charter's page links to a new excursion prefilled from it.
      await page.goto(CHARTER);
      await page.waitForLoadState("networkidle");
      await page.getByTestId("charter-create-excursion").click();
      await expect(page).toHaveURL(/\/servicos\/excursoes\/novo\?fretamento=/);
      await expect(page.getByRole("heading", { level: 1, name: text.newExcursion })).toBeVisible();
      await expect(page.getByTestId("from-charter")).toBeVisible();
      await expect(page.locator("input[name=title]")).toHaveValue(/Gramado Natal Luz/);
      await expect(page.getByTestId("charter-capacity")).toBeVisible();
      const departure = await page.locator("input[name=departureAt]").inputValue();
      expect(departure).toMatch(/^\d{4}-\d{2}-\d{2}T21:00$/);

      await page.locator("input[name=title]").fill(name);
      // Two boarding points: the first at the departure, the second left to its usual offset (30 min).
      await page.locator("select[name='boardings[0].boardingPointId']").selectOption({ label: "Metrô Tatuapé · São Paulo - SP" });
      await page.locator("input[name='boardings[0].departureAt']").fill(departure);
      await page.getByTestId("add-boarding").click();
      await page.locator("select[name='boardings[1].boardingPointId']").selectOption({ label: "Terminal Rodoviário Tietê · São Paulo - SP" });
      await page.getByTestId("price-double-adult").fill("2.190,00");
      await page.getByTestId("price-child-child").fill("1.090,00");
      await shot(page, `${lang}-${size}-1-new-from-charter`);
      await expectNoHorizontalOverflow(page);
      await axe(page);

      await page.getByTestId("record-save").click();
      await expect(page).toHaveURL(/\/servicos\/excursoes\/editar\/[\w-]+$/);
      await expect(page.getByTestId("toast").getByText(text.saved(name))).toBeVisible();
      const editUrl = page.url();
      const id = editUrl.split("/").pop()!;
      await expect(page.getByTestId("excursion-status")).toHaveText(text.draft);
      await expect(page.locator("input[name='boardings[1].departureAt']")).toHaveValue(plusDays(departure, 0).replace(/T21:00$/, "T21:30"));
      await expect(page.getByTestId("excursion-seat-map")).toBeVisible();

      // Open the sales: it asks first.
      await page.getByTestId("move-open").click();
      await expect(page.getByTestId("move-dialog")).toBeVisible();
      await page.getByTestId("move-confirm").click();
      await expect(page.getByTestId("toast").getByText(text.opened(name))).toBeVisible();
      await expect(page.getByTestId("excursion-status")).toHaveText(text.open);
      await shot(page, `${lang}-${size}-2-opened`, true);
      await expectNoHorizontalOverflow(page);
      await axe(page);

      // The operational view is linked from the edit page.
      const operational = page.getByTestId("excursion-operational");
      await expect(operational).toHaveAttribute("href", `${LIST}/operacional/${id}`);

      // Clone with a 7-day shift.
      await page.getByTestId("excursion-clone").click();
      await expect(page).toHaveURL(`${LIST}/clonar/${id}`);
      await expect(page.locator("input[name=offsetDays]")).toHaveValue("7");
      const copyName = `${name} +7`;
      await page.locator("input[name=title]").fill(copyName);
      await shot(page, `${lang}-${size}-3-clone`);
      await expectNoHorizontalOverflow(page);
      await axe(page);
      await page.getByTestId("record-save").click();
      await expect(page).toHaveURL(/\/servicos\/excursoes\/editar\/[\w-]+$/);
      expect(page.url()).not.toBe(editUrl);
      await expect(page.getByTestId("toast").getByText(text.cloned(copyName))).toBeVisible();
      await expect(page.getByTestId("excursion-status")).toHaveText(text.draft);
      await expect(page.locator("input[name=departureAt]")).toHaveValue(plusDays(departure, 7));
      await expect(page.locator("input[name='boardings[0].departureAt']")).toHaveValue(plusDays(departure, 7));
      await expect(page.locator("input[name='boardings[1].departureAt']")).toHaveValue(plusDays(departure, 7).replace(/T21:00$/, "T21:30"));
      await expect(page.getByTestId("price-double-adult")).toHaveValue("2.190,00");

      // Back to the original, then to its operational view (another screen: only that the link navigates).
      await page.goto(editUrl);
      await page.waitForLoadState("networkidle");
      await page.getByTestId("excursion-operational").click();
      await expect(page).toHaveURL(`${LIST}/operacional/${id}`);

      // The list shows both.
      await page.goto(`${LIST}?q=${encodeURIComponent(name)}`);
      await expect(page.getByRole("heading", { level: 1, name: text.list })).toBeVisible();
      await expect(page.getByTestId("excursion-availability")).toHaveCount(2);
      await shot(page, `${lang}-${size}-4-list`);
      await expectNoHorizontalOverflow(page);
      await axe(page);
      expect(errors).toEqual([]);
    });
  }
}

// The form's schema is not in the route chunk (useRecordForm's loadSchema): it arrives on
// the form's first focus (or when idle), then the browser shows field errors before any post.
test("the excursion form validates in the browser after the schema's lazy load: field errors, nothing posted", async ({ page }) => {
  const errors = watchConsole(page);
  await page.setViewportSize(VIEWPORTS.desktop);
  await signIn(page);
  const schemaFetches: string[] = [];
  const posts: string[] = [];
  page.on("request", (r) => {
    if (/\/excursion\.schema-[\w-]+\.js$/.test(r.url())) schemaFetches.push(r.url());
    if (r.method() === "POST") posts.push(r.url());
  });
  await page.goto(`${LIST}/novo`);
  await page.waitForLoadState("networkidle");
  const title = page.locator("#excursion-form input[name=title]");
  await title.fill("Serra");
  await title.fill("");
  await title.press("Tab");
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await expect(title).toHaveAccessibleDescription("Campo obrigatório.");
  // Saving with the errors stays on the page and posts nothing.
  await page.getByTestId("record-save").click();
  await expect(page).toHaveURL(new RegExp(`${LIST}/novo$`));
  await expect(title).toHaveAttribute("aria-invalid", "true");
  expect(schemaFetches.length, "the schema came as a chunk of its own").toBeGreaterThan(0);
  expect(posts, "nothing was posted").toEqual([]);
  await title.fill("Serra Gaúcha");
  await expect(title).not.toHaveAttribute("aria-invalid", "true");
  expect(errors).toEqual([]);
});
