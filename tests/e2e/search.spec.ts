/**
 * The record search (issue #22 item 2, decision 0019) end to end, in Chromium,
 * in Portuguese and English, at 1280×800 and 390×844, on the demo seed: read a
 * demo emissivo sale's locator from its screen, then — keyboard only — open
 * the palette (Ctrl+K), type the locator, move to the sale with the arrow keys
 * and open it with Enter. Screenshots go to SHOTS_DIR (default
 * test-results/screenshots/search).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test, signIn } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/search";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
const SALES_GROUP = { pt: "Vendas", en: "Sales" } as const;

const VARIANTS = [
  { lang: "pt", size: "desktop" },
  { lang: "pt", size: "mobile" },
  { lang: "en", size: "desktop" },
  { lang: "en", size: "mobile" },
] as const;

for (const { lang, size } of VARIANTS) {
  test(`finds a sale by its locator from the palette, keyboard only (${lang}, ${size})`, async ({ page, baseURL }) => {
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    await page.setViewportSize(VIEWPORTS[size]);
    if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
    await signIn(page);

    // A demo sale and the locator of one of its items (the demo's hotel items have one; sales
    // other specs created first may have none, so the first sale with a locator).
    await page.goto("/vendas/emissivo");
    const hrefs = await page
      .getByTestId("emissivo-list")
      .locator('a[href*="/vendas/emissivo/editar/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => a.getAttribute("href")!))]);
    let href = "";
    let locator = "";
    for (const candidate of hrefs) {
      await page.goto(candidate);
      const values = await page.locator('input[name$=".locator"]').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
      const found = values.find((v) => /^[A-Z0-9]{5,}$/.test(v));
      if (found) {
        [href, locator] = [candidate, found];
        break;
      }
    }
    expect(locator).toMatch(/^[A-Z0-9]{5,}$/);

    await page.goto("/dashboard");
    await page.waitForLoadState("networkidle");
    await page.keyboard.press("Control+k");
    const palette = page.getByTestId("command-palette");
    await expect(palette).toBeVisible();
    await expect(page.getByTestId("palette-input")).toBeFocused();
    await page.keyboard.type(locator.toLowerCase());
    const group = palette.getByTestId("palette-group-venda");
    await expect(group).toBeVisible();
    await expect(group).toContainText(SALES_GROUP[lang]);
    const item = group.getByRole("option").first();
    await expect(item).toBeVisible();

    // Arrow down until the sale is the active option (screens matching the text come first, if any).
    for (let i = 0; i < 20 && (await item.getAttribute("aria-selected")) !== "true"; i++) await page.keyboard.press("ArrowDown");
    await expect(item).toHaveAttribute("aria-selected", "true");
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `palette-${lang}-${size}.png`) });
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${href.replaceAll("/", "\\/")}$`));
    await expect(palette).toBeHidden();
    expect(errors).toEqual([]);
  });
}
