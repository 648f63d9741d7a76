/**
 * What the shell's specs share: one sign-in per user per file (saved sessions), contexts that
 * fail the test on console errors, the hydration wait and the axe check.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";
import { DEMO_PASSWORD as PASSWORD, expect, test } from "./fixtures";

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };
export const SCREENSHOTS = "test-results/screenshots";
type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

/** Signs in through the form; waits out the sign-in rate limit (3 per 10 s) if other suites just used it. */
async function login(page: Page, email: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.goto("/login");
    await page.locator("input[name=email]").fill(email);
    await page.locator("input[name=password]").fill(PASSWORD);
    await page.locator("form button[type=submit]").click();
    const outcome = await Promise.race([
      page.waitForURL(/\/(dashboard|selecionar-agencia)/, { timeout: 15_000 }).then(() => "in" as const),
      page.getByRole("alert").waitFor({ timeout: 15_000 }).then(() => "alert" as const),
    ]);
    if (outcome === "in") return;
    await page.waitForTimeout(11_000);
  }
  throw new Error(`could not sign in as ${email}`);
}

const states = new Map<string, StorageState>();
let clients = 0;
/** One sign-in per user for the whole file; tests open contexts with the saved session. */
async function sessionFor(browser: Browser, email: string): Promise<StorageState> {
  const saved = states.get(email);
  if (saved) return saved;
  // Its own client address, so other suites' sign-ins don't count against this one (see fixtures.ts).
  clients += 1;
  // The sweep project runs beside the journeys: its addresses are its own too.
  const block = test.info().project.name === "sweep" ? 252 : 251;
  const context = await browser.newContext({ extraHTTPHeaders: { "cf-connecting-ip": `10.${block}.0.${clients}` } });
  const page = await context.newPage();
  await login(page, email);
  if (page.url().includes("/selecionar-agencia")) {
    await page.getByRole("button", { name: /Sol Viagens/ }).click();
    await page.waitForURL(/\/dashboard/);
  }
  const state = await context.storageState();
  // Sessions only: the language and sidebar preferences start fresh in every test.
  state.cookies = state.cookies.filter((c) => c.name !== "lng" && c.name !== "rota_sidebar");
  state.origins = [];
  await context.close();
  states.set(email, state);
  return state;
}

/** Fails the test on any console error or uncaught page error. */
export function watchConsole(page: Page, errors: string[]) {
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
}

export async function open(browser: Browser, email: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext({ viewport: DESKTOP, ...options, storageState: await sessionFor(browser, email) });
  const page = await context.newPage();
  const errors: string[] = [];
  watchConsole(page, errors);
  return { context, page, errors };
}

/** Waits until the page's scripts have loaded and the client has taken over. */
export async function hydrated(page: Page) {
  await page.waitForLoadState("networkidle");
}

/**
 * axe's serious and critical violations on the page. `content` checks the screen's own content
 * (main and any open dialog) and leaves out the shell around it, which the shell's own tests
 * check in full at desktop and phone size: the sweep of every screen need not re-check the same
 * sidebar a hundred times (40 % of its time).
 */
export async function axe(page: Page, scope: "page" | "content" = "page") {
  // Colours are measured as painted: wait until the page transition's fade-in (motion) has finished.
  // (Bounded: an endless animation elsewhere, such as a spinner, must not hold the check.)
  await page
    .waitForFunction(() => [...document.querySelectorAll<HTMLElement>('main [style*="opacity"]:not(input)')].every((el) => Number(getComputedStyle(el).opacity) === 1), undefined, { timeout: 3000 })
    .catch(() => undefined);
  const builder = new AxeBuilder({ page });
  if (scope === "content") builder.include("main").include('[role="dialog"]');
  const results = await builder
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // Experimental in axe, so off by default: an accessible name must contain the visible label (WCAG 2.5.3).
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    .analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

/** The test's context (closed after it) and the console errors it collected (none allowed). */
export const current: { ctx: BrowserContext | undefined; consoleErrors: string[] } = { ctx: undefined, consoleErrors: [] };

/** Closes each test's context and fails the test on console errors; call once per spec file. */
export function closeAfterEach() {
  test.afterEach(async () => {
    await current.ctx?.close();
    current.ctx = undefined;
    const errors = current.consoleErrors;
    current.consoleErrors = [];
    expect(errors, "console errors").toEqual([]);
  });
}

export async function start(browser: Browser, email: string, options: BrowserContextOptions = {}) {
  const opened = await open(browser, email, options);
  current.ctx = opened.context;
  current.consoleErrors = opened.errors;
  return opened.page;
}

