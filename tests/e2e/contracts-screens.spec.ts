/**
 * The contracts' staff screens in Chromium, on the demo seed, in pt, en and es at
 * desktop and phone width: the templates list; the default excursion template in
 * the rich-text editor (loaded on demand) — text typed, a merge field inserted from
 * the picker, the live preview against a sale showing the typed text and the sale's
 * client, saved as version 2 with version 1 kept; Assinaturas and the verification
 * page (an unknown PDF says "none"). axe on each screen, no sideways scroll on a
 * phone; screenshots in SHOTS_DIR (default test-results/screenshots/contracts).
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, signIn } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/contracts";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
const TEXT = {
  pt: { templates: "Modelos", signatures: "Assinaturas pendentes", verify: "Verificar contrato" },
  en: { templates: "Templates", signatures: "Pending signatures", verify: "Verify a contract" },
  es: { templates: "Modelos", signatures: "Firmas pendientes", verify: "Verificar contrato" },
} as const;

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

async function check(page: Page) {
  await page
    .waitForFunction(() => [...document.querySelectorAll<HTMLElement>('main [style*="opacity"]')].every((el) => Number(getComputedStyle(el).opacity) === 1), undefined, { timeout: 3000 })
    .catch(() => undefined);
  const results = await new AxeBuilder({ page }).include("#main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 120)}`).join(", ")}`)).toEqual([]);
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of (400|404|409)/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

const VARIANTS = [
  { lang: "pt", size: "desktop" },
  { lang: "en", size: "mobile" },
  { lang: "es", size: "mobile" },
] as const;

for (const { lang, size } of VARIANTS) {
  test(`contract templates: edit the default in the editor with a merge field and a live preview, saved as a new version (${lang}, ${size})`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(VIEWPORTS[size]);
    if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
    await signIn(page);
    const errors = watchConsole(page);

    await page.goto("/contratos/modelos");
    await expect(page.getByTestId("contract-templates-list")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(TEXT[lang].templates);
    await expect(page.getByTestId("template-default").first()).toBeVisible();
    await shot(page, `templates-${lang}-${size}`);
    await check(page);

    await page.getByRole("link", { name: "Contrato de excursão" }).click();
    await expect(page).toHaveURL(/\/contratos\/modelos\/editar\//);
    const content = page.getByTestId("template-editor-content");
    await expect(content).toBeVisible({ timeout: 15_000 });
    const before = await page.locator('[data-testid^="template-version-"]').count();
    const marker = `Cláusula de teste ${lang}-${size}`;
    // The caret at the end of the last paragraph, then a new paragraph.
    await content.locator("p").last().click();
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    await page.keyboard.type(`${marker}: `);
    await page.getByTestId("editor-insert-field").click();
    await page.getByTestId("field-client.name").click();
    await expect(content).toContainText(marker);

    // The preview against a sale: the typed clause and the sale's client in place of the field.
    await page.getByTestId("preview-search").click();
    const option = page.getByTestId("preview-sales").getByRole("button").first();
    await expect(option).toBeVisible();
    const client = ((await option.innerText()).split("·")[1] ?? "").trim();
    await option.click();
    await expect(page.getByTestId("preview-chosen")).toBeVisible();
    await expect(page.getByTestId("preview-document")).toContainText(marker);
    if (client) await expect(page.getByTestId("preview-document")).toContainText(client);
    await shot(page, `template-editor-${lang}-${size}`);
    await check(page);

    const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/contratos/modelos/editar/"));
    await page.getByTestId("record-save").click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(page.locator('[data-testid^="template-version-"]')).toHaveCount(before + 1);
    await expect(page.locator('[data-testid^="template-version-"][aria-current="true"]')).toHaveCount(1);
    await page.reload();
    await expect(page.getByTestId("template-editor-content")).toContainText(marker, { timeout: 15_000 });
    expect(errors).toEqual([]);
  });

  test(`contracts: Assinaturas and the verification of an unknown PDF (${lang}, ${size})`, async ({ page, baseURL }) => {
    await page.setViewportSize(VIEWPORTS[size]);
    if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
    await signIn(page);
    const errors = watchConsole(page);

    await page.goto("/contratos/assinaturas");
    await expect(page.getByRole("heading", { level: 1, name: TEXT[lang].signatures })).toBeVisible();
    await shot(page, `signatures-${lang}-${size}`);
    await check(page);

    await page.getByTestId("verify-link").click();
    await expect(page.getByRole("heading", { level: 1, name: TEXT[lang].verify })).toBeVisible();
    await page.getByTestId("verify-file").setInputFiles({ name: "outro.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n% not one of ours\n%%EOF\n") });
    await page.getByTestId("verify-submit").click();
    await expect(page.getByTestId("verify-verdict")).toHaveAttribute("data-match", "none");
    await shot(page, `verify-${lang}-${size}`);
    await check(page);
    expect(errors).toEqual([]);
  });
}
