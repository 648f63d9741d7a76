/**
 * The clients register end to end (Cadastros › Clientes), in Chromium, in
 * Portuguese and English, at 1280×800 and at 390×844 (sidebar as a drawer,
 * secondary columns hidden): create (a refused CPF first, masks), find (search
 * without accents, by CPF digits), edit (unsaved-changes guard, history) and
 * delete; then the CSV export and keyset paging with the state in the URL.
 *
 * Each journey runs on its own client (a unique name and a fresh valid CPF per
 * run), so runs and the other suites never collide. Screenshots of the main
 * steps go to SHOTS_DIR (default test-results/screenshots/clients, ignored by git).
 */
import type { Page } from "@playwright/test";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { formatCpf, generateCpf, mulberry32 } from "~/lib/platform/br-documents";
import { DEMO_PASSWORD, expect, test } from "./fixtures";

const SHOTS = process.env.SHOTS_DIR ?? "test-results/screenshots/clients";
const LIST = "/cadastros/clientes";
const VIEWPORTS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } } as const;
type Size = keyof typeof VIEWPORTS;
type Lang = "pt" | "en";

/** What the screens say, per language (the journeys check the words, not only the test ids). */
const TEXT = {
  pt: {
    clients: "Clientes",
    newClient: "Novo cliente",
    fullName: "Nome completo",
    cpf: "CPF",
    email: "E-mail",
    phone: "Telefone",
    city: "Cidade",
    contact: "Contato",
    cancel: "Cancelar",
    cpfError: "CPF inválido. Confira os dígitos.",
    saved: (name: string) => `${name} foi salvo.`,
    deleted: (name: string) => `${name} foi excluído.`,
    created: "Criação",
    changed: "Alteração",
    unsavedTitle: "Sair sem salvar?",
    deleteTitle: (name: string) => `Excluir ${name}?`,
    noMatches: "Nenhum resultado",
    count: /^\d[\d.]* clientes?$/,
  },
  en: {
    clients: "Clients",
    newClient: "New client",
    fullName: "Full name",
    cpf: "CPF",
    email: "E-mail",
    phone: "Phone",
    city: "City",
    contact: "Contact",
    cancel: "Cancel",
    cpfError: "Invalid CPF. Check the digits.",
    saved: (name: string) => `${name} was saved.`,
    deleted: (name: string) => `${name} was deleted.`,
    created: "Created",
    changed: "Changed",
    unsavedTitle: "Leave without saving?",
    deleteTitle: (name: string) => `Delete ${name}?`,
    noMatches: "No results",
    count: /^\d[\d,]* clients?$/,
  },
} as const;

const RUN = Date.now();

async function signIn(page: Page) {
  await page.goto("/login");
  await page.locator("input[name=email]").fill("admin@sol.example");
  await page.locator("input[name=password]").fill(DEMO_PASSWORD);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // Hydrated: the client router takes over the links (the guard and the dialogs need it).
  await page.waitForLoadState("networkidle");
}

/** Uses `lang` from the first byte (the cookie the language menu writes). */
async function useLanguage(page: Page, baseURL: string | undefined, lang: Lang) {
  if (lang !== "pt") await page.context().addCookies([{ name: "lng", value: lang, url: baseURL! }]);
}

/** Fails the test on console errors and uncaught page errors (an expected 404 document aside). */
function watchConsole(page: Page) {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  // Let transitions (toasts, dialogs, page fade) settle.
  await page.waitForTimeout(350);
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

/** Nothing wider than the window (a horizontal scrollbar on a phone). */
async function expectNoHorizontalOverflow(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, "page wider than the window").toBeLessThanOrEqual(client);
}

/** Cadastros › Clientes from the sidebar, or from the drawer on a phone. */
async function openClientsFromMenu(page: Page, size: Size) {
  if (size === "mobile") {
    await expect(page.getByTestId("sidebar")).toBeHidden();
    await page.getByTestId("drawer-open").click();
    await expect(page.getByTestId("sidebar")).toBeVisible();
  }
  const group = page.getByTestId("nav-cadastros");
  if ((await group.getAttribute("aria-expanded")) !== "true") await group.click();
  await page.getByTestId("nav-cadastros.clientes").click();
  await expect(page).toHaveURL(new RegExp(`${LIST}$`));
  if (size === "mobile") await expect(page.getByTestId("sidebar")).toBeHidden();
}

/** Types a search and waits for the list to follow (300 ms debounce, then the URL). */
async function search(page: Page, q: string) {
  await page.getByTestId("list-search").fill(q);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(q).replace(/%20/g, "(\\+|%20)")}(&|$)`));
  await expect(page.getByTestId("list-table").or(page.getByTestId("list-empty"))).toBeVisible();
}

/** The first line of each row's name cell (the name; a trade name may follow). */
const rowNames = async (page: Page) => (await page.getByTestId("list-row").locator("th").allInnerTexts()).map((t) => t.split("\n")[0]!.trim());

let variant = 0;
for (const lang of ["pt", "en"] as const) {
  for (const size of ["desktop", "mobile"] as const) {
    variant += 1;
    const seed = (RUN ^ (variant * 0x9e3779b1)) >>> 0;
    const T = TEXT[lang];

    test.describe(`clients journeys (${lang}, ${size})`, () => {
      test.describe.configure({ mode: "serial" });
      test.use({ viewport: VIEWPORTS[size], hasTouch: size === "mobile" });

      // One client per variant, carried through the four journeys.
      const stamp = `${RUN.toString(36)}${lang}${size[0]}`;
      const name = `Lúcia Conceição Ávila ${stamp}`;
      const cpf = generateCpf(mulberry32(seed));
      const email = `lucia.${stamp}@exemplo.example`;
      let editPath = "";

      test("1. create: a wrong CPF is refused next to the field, then the client is saved", async ({ page, baseURL }) => {
        const errors = watchConsole(page);
        await signIn(page);
        if (lang !== "pt") {
          // Through the language menu, as a user would.
          await page.getByTestId("language-select").click();
          await page.getByTestId(`lang-${lang}`).click();
          await expect(page.locator("html")).toHaveAttribute("lang", lang);
          expect((await page.context().cookies(baseURL!)).find((c) => c.name === "lng")?.value).toBe(lang);
        }
        await openClientsFromMenu(page, size);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(T.clients);
        await expect(page.getByTestId("list-total")).toHaveText(T.count);
        // Secondary columns only on wide screens.
        const secondary = page.getByTestId("list-table").locator("thead th.list-secondary").first();
        if (size === "mobile") await expect(secondary).toBeHidden();
        else await expect(secondary).toBeVisible();
        await expectNoHorizontalOverflow(page);
        await shot(page, `${lang}-${size}-01-list`);

        await page.getByTestId("list-new").click();
        await expect(page).toHaveURL(new RegExp(`${LIST}/novo$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(T.newClient);
        const form = page.locator("#client-form");
        const nameInput = form.getByRole("textbox", { name: T.fullName, exact: true });
        const cpfInput = form.getByRole("textbox", { name: T.cpf, exact: true });
        await nameInput.fill(name);
        // A CPF with wrong check digits (the right ones would be …-09).
        await cpfInput.pressSequentially("12345678900");
        await expect(cpfInput).toHaveValue("123.456.789-00");
        await page.getByTestId("record-save").click();
        await expect(cpfInput).toHaveAttribute("aria-invalid", "true");
        await expect(cpfInput).toHaveAccessibleDescription(T.cpfError);
        // The message sits in the CPF field's own frame, right under the input.
        const cpfFrame = cpfInput.locator("xpath=ancestor::div[contains(@class,'rt-Flex')][.//label][1]");
        await expect(cpfFrame.getByRole("alert")).toHaveText(T.cpfError);
        await expect(page).toHaveURL(new RegExp(`${LIST}/novo$`));
        await expect(nameInput).toHaveValue(name);
        await expect(cpfInput).toHaveValue("123.456.789-00");
        await shot(page, `${lang}-${size}-02-cpf-error`);

        // Digits only; the mask lays them out.
        await cpfInput.fill("");
        await cpfInput.pressSequentially(cpf);
        await expect(cpfInput).toHaveValue(/^\d{3}\.\d{3}\.\d{3}-\d{2}$/);
        await expect(cpfInput).toHaveValue(formatCpf(cpf));
        await expect(cpfInput).not.toHaveAttribute("aria-invalid", "true");
        await form.getByRole("textbox", { name: T.email, exact: true }).fill(email);
        const phone = form.getByRole("textbox", { name: T.phone, exact: true });
        await phone.pressSequentially("11987654321");
        await expect(phone).toHaveValue("(11) 98765-4321");
        await form.getByRole("heading", { name: T.contact }).scrollIntoViewIfNeeded();
        await shot(page, `${lang}-${size}-03-form-filled`);
        await page.getByTestId("record-save").click();

        await expect(page).toHaveURL(new RegExp(`${LIST}/editar/[0-9a-f-]{36}$`));
        editPath = new URL(page.url()).pathname;
        await expect(page.getByTestId("toast")).toContainText(T.saved(name));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
        await expect(cpfInput).toHaveValue(formatCpf(cpf));
        await expect(phone).toHaveValue("(11) 98765-4321");
        const history = page.getByTestId("record-history").getByTestId("history-entry");
        await expect(history).toHaveCount(1);
        await expect(history.first()).toContainText(T.created);
        await shot(page, `${lang}-${size}-04-saved`);
        await page.getByTestId("record-history").scrollIntoViewIfNeeded();
        await shot(page, `${lang}-${size}-05-saved-history`);
        await expectNoHorizontalOverflow(page);
        expect(errors, "console errors").toEqual([]);
      });

      test("2. find: by part of the name without accents, and by the CPF digits", async ({ page, baseURL }) => {
        expect(editPath, "journey 1 created the client").toBeTruthy();
        const errors = watchConsole(page);
        await useLanguage(page, baseURL, lang);
        await signIn(page);
        await openClientsFromMenu(page, size);

        await search(page, `conceicao ${stamp}`);
        const rows = page.getByTestId("list-row");
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toContainText(name);
        await expect(rows.first()).toContainText(formatCpf(cpf));
        await expect(page.getByTestId("list-total")).toHaveText(T.count);
        await expectNoHorizontalOverflow(page);
        await shot(page, `${lang}-${size}-06-search-name`);

        await search(page, cpf);
        await expect(rows).toHaveCount(1);
        await expect(rows.first()).toContainText(name);
        // The masked CPF finds it as well.
        await search(page, formatCpf(cpf));
        await expect(rows).toHaveCount(1);
        await shot(page, `${lang}-${size}-07-search-cpf`);

        await rows.first().getByRole("link").first().click();
        await expect(page).toHaveURL(new RegExp(`${editPath}$`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
        expect(errors, "console errors").toEqual([]);
      });

      test("3. edit: leaving with unsaved changes asks first; the saved change is in the history", async ({ page, baseURL }) => {
        expect(editPath, "journey 1 created the client").toBeTruthy();
        const errors = watchConsole(page);
        await useLanguage(page, baseURL, lang);
        await signIn(page);
        await page.goto(editPath);
        await page.waitForLoadState("networkidle");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);

        const city = page.locator("#client-form").getByRole("textbox", { name: T.city, exact: true });
        await expect(city).toHaveValue("");
        await city.fill("São José dos Campos");
        await page.locator("#client-form").getByRole("link", { name: T.cancel }).click();
        const dialog = page.getByTestId("unsaved-dialog");
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole("heading")).toHaveText(T.unsavedTitle);
        await shot(page, `${lang}-${size}-08-unsaved-dialog`);
        await dialog.getByTestId("unsaved-stay").click();
        await expect(dialog).toBeHidden();
        await expect(page).toHaveURL(new RegExp(`${editPath}$`));
        await expect(city).toHaveValue("São José dos Campos");

        await page.getByTestId("record-save").click();
        await expect(page.getByTestId("toast")).toContainText(T.saved(name));
        await expect(city).toHaveValue("São José dos Campos");
        const history = page.getByTestId("record-history").getByTestId("history-entry");
        await expect(history).toHaveCount(2);
        const change = history.filter({ hasText: T.changed });
        await expect(change).toHaveCount(1);
        await expect(change).toContainText(`${T.city}:`);
        await expect(change).toContainText("São José dos Campos");
        await page.getByTestId("record-history").scrollIntoViewIfNeeded();
        await shot(page, `${lang}-${size}-09-edited-history`);
        // (Leaving a just-saved form without a question: see "clients form" below.)

        // Stored: a reload shows the new city.
        await page.reload();
        await expect(city).toHaveValue("São José dos Campos");
        expect(errors, "console errors").toEqual([]);
      });

      test("4. delete: confirmed in a dialog, back on the list, the client is gone", async ({ page, baseURL }) => {
        expect(editPath, "journey 1 created the client").toBeTruthy();
        const errors = watchConsole(page);
        await useLanguage(page, baseURL, lang);
        await signIn(page);
        await page.goto(editPath);
        await page.waitForLoadState("networkidle");

        await page.getByTestId("record-delete").click();
        const dialog = page.getByTestId("delete-dialog");
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole("heading")).toHaveText(T.deleteTitle(name));
        await shot(page, `${lang}-${size}-10-delete-dialog`);
        await dialog.getByTestId("delete-confirm").click();

        await expect(page).toHaveURL(new RegExp(`${LIST}$`));
        await expect(page.getByTestId("toast")).toContainText(T.deleted(name));
        await shot(page, `${lang}-${size}-11-deleted`);
        await search(page, `conceicao ${stamp}`);
        await expect(page.getByTestId("list-row")).toHaveCount(0);
        await expect(page.getByTestId("list-empty")).toContainText(T.noMatches);
        await search(page, cpf);
        await expect(page.getByTestId("list-empty")).toBeVisible();
        await shot(page, `${lang}-${size}-12-not-found`);

        // The record's own address is gone too.
        const response = await page.goto(editPath);
        expect(response?.status()).toBe(404);
        expect(errors, "console errors").toEqual([]);
      });
    });
  }
}

test.describe("clients form", () => {
  // The hidden `version` input is bookkeeping, not a change (considerForDirty in
  // app/lib/forms.ts): leaving an untouched or just-saved form asks nothing.
  test("an untouched or just-saved edit form is left without a question", async ({ page }) => {
    await signIn(page);
    await page.goto(LIST);
    await page.getByTestId("list-row").first().getByRole("link").first().click();
    await expect(page).toHaveURL(new RegExp(`${LIST}/editar/`));
    await page.waitForLoadState("networkidle");
    const editPath = new URL(page.url()).pathname;
    const cancel = page.locator("#client-form").getByRole("link", { name: TEXT.pt.cancel });

    await cancel.click();
    await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 3_000 });
    await expect(page.getByTestId("unsaved-dialog")).toHaveCount(0);

    await page.goto(editPath);
    await page.waitForLoadState("networkidle");
    await page.getByTestId("record-save").click();
    await expect(page.getByTestId("toast")).toBeVisible();
    await cancel.click();
    await expect(page).toHaveURL(new RegExp(`${LIST}$`), { timeout: 3_000 });
  });

  // The schema is not in the route chunk (useRecordForm's loadSchema): it arrives
  // on the form's first focus (or when idle), then the browser validates before any post.
  test("the browser validates after the schema's lazy load: a field error before posting", async ({ page }) => {
    await signIn(page);
    const schemaFetches: string[] = [];
    const posts: string[] = [];
    page.on("request", (r) => {
      if (/\/client\.schema-[\w-]+\.js$/.test(r.url())) schemaFetches.push(r.url());
      if (r.method() === "POST") posts.push(r.url());
    });
    await page.goto(`${LIST}/novo`);
    await page.waitForLoadState("networkidle");
    const nameInput = page.locator("#client-form").getByRole("textbox", { name: TEXT.pt.fullName, exact: true });
    await nameInput.fill("Ana");
    await nameInput.fill("");
    await nameInput.press("Tab");
    await expect(nameInput).toHaveAttribute("aria-invalid", "true");
    await expect(nameInput).toHaveAccessibleDescription("Campo obrigatório.");
    expect(schemaFetches.length, "the schema came as a chunk of its own").toBeGreaterThan(0);
    expect(posts, "nothing was posted").toEqual([]);
    await nameInput.fill("Ana Souza");
    await expect(nameInput).not.toHaveAttribute("aria-invalid", "true");
  });

  test("without JavaScript the server's field error shows next to the field", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    // Without JavaScript the language menu is a form of its own: submit the login form's button.
    await page.goto("/login");
    await page.locator("input[name=email]").fill("admin@sol.example");
    await page.locator("input[name=password]").fill(DEMO_PASSWORD);
    await page.getByTestId("login-submit").click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto(`${LIST}/novo`);
    const form = page.locator("#client-form");
    await form.getByRole("textbox", { name: TEXT.pt.fullName, exact: true }).fill("Sem Script");
    const cpfInput = form.getByRole("textbox", { name: TEXT.pt.cpf, exact: true });
    await cpfInput.fill("123.456.789-00");
    await page.getByTestId("record-save").click();
    await expect(page).toHaveURL(new RegExp(`${LIST}/novo$`));
    await expect(cpfInput).toHaveAttribute("aria-invalid", "true");
    await expect(cpfInput).toHaveAccessibleDescription(TEXT.pt.cpfError);
    await expect(cpfInput).toHaveValue("123.456.789-00");
    await context.close();
  });
});

test.describe("clients list", () => {
  test("the CSV export downloads the current filter: BOM, header, one line per client", async ({ page }) => {
    const errors = watchConsole(page);
    await signIn(page);
    await page.goto(LIST);
    await page.waitForLoadState("networkidle");

    const download = async () => {
      const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("list-export").click()]);
      expect(file.suggestedFilename()).toMatch(/^clientes-sol-viagens-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = readFileSync((await file.path())!, "utf8");
      const lines = text.split("\r\n").filter((l) => l.length > 0);
      return { text, lines };
    };
    const total = async () => Number((await page.getByTestId("list-total").innerText()).replace(/\D/g, ""));

    const all = await download();
    expect(all.text.charCodeAt(0)).toBe(0xfeff);
    expect(all.lines[0]!.slice(1)).toMatch(/^kind;name;tradeName;document;/);
    expect(all.lines.length - 1).toBe(await total());

    // Filtered: the link follows the list's state.
    await page.getByTestId("list-filter-kind").selectOption("company");
    await expect(page).toHaveURL(/[?&]kind=company/);
    await expect(page.getByTestId("list-export")).toHaveAttribute("href", /\/cadastros\/clientes\/exportar\?kind=company$/);
    const companies = await download();
    expect(companies.lines.length - 1).toBe(await total());
    expect(companies.lines.length - 1).toBeGreaterThan(0);
    expect(companies.lines.slice(1).every((l) => l.startsWith("company;"))).toBe(true);
    expect(errors, "console errors").toEqual([]);
  });

  test("keyset pages: next shows other rows, previous the first page again; the URL keeps the state across a reload", async ({ page }) => {
    const errors = watchConsole(page);
    await signIn(page);
    await page.goto(LIST);
    await page.waitForLoadState("networkidle");
    await page.getByTestId("list-filter-kind").selectOption("person");
    await expect(page).toHaveURL(/\?kind=person$/);
    const rows = page.getByTestId("list-row");
    // The filtered page is on screen once no company (badge "PJ") is left in it.
    await expect(page.getByTestId("company-badge")).toHaveCount(0);
    await expect(rows).toHaveCount(25);
    await expect(page.getByTestId("list-prev")).toHaveCount(0);
    const first = await rowNames(page);

    await page.getByTestId("list-next").click();
    await expect(page).toHaveURL(/\?kind=person&after=[A-Za-z0-9_-]+$/);
    await expect(rows.first().locator("th")).not.toContainText(first[0]!);
    const second = await rowNames(page);
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((n) => first.includes(n))).toEqual([]);
    // In order across the page boundary (the default sort: name, ascending).
    const collator = new Intl.Collator("pt", { sensitivity: "base" });
    expect(collator.compare(first.at(-1)!, second[0]!)).toBeLessThanOrEqual(0);
    await expect(page.getByTestId("list-filter-kind")).toHaveValue("person");

    await page.reload();
    await expect(page).toHaveURL(/\?kind=person&after=/);
    expect(await rowNames(page)).toEqual(second);
    await expect(page.getByTestId("list-filter-kind")).toHaveValue("person");

    await page.getByTestId("list-prev").click();
    await expect(page).toHaveURL(/\?kind=person&before=[A-Za-z0-9_-]+$/);
    await expect(rows.first().locator("th")).toContainText(first[0]!);
    expect(await rowNames(page)).toEqual(first);
    // Back at the start: nothing before it.
    await expect(page.getByTestId("list-prev")).toHaveCount(0);
    await expect(page.getByTestId("list-first")).toHaveCount(0);

    await page.reload();
    expect(await rowNames(page)).toEqual(first);

    // Page size goes into the URL and starts again at page 1.
    await page.getByTestId("list-next").click();
    await expect(page).toHaveURL(/after=/);
    await page.getByTestId("list-size").selectOption("50");
    await expect(page).toHaveURL(/\?kind=person&size=50$/);
    await expect(rows).toHaveCount(50);
    expect((await rowNames(page)).slice(0, 25)).toEqual(first);
    expect(errors, "console errors").toEqual([]);
  });
});
