/**
 * Reserving through the client portal (issue #21 item 2; decision 0021 §7): the Admin turns on
 * "Reservas pelo portal" in Minha agência; a visitor (pt at phone size, en on a desktop) asks to reserve an
 * excursion, continues to the portal, signs in with the code from the local mailbox, picks a seat
 * and reserves; the trip is on the portal dashboard, awaiting the agency; staff see the sale.
 */
import type { Page } from "@playwright/test";
import { expect, signIn, test } from "./fixtures";

const RUNS = [
  {
    name: "in Portuguese at phone size",
    width: 390,
    context: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "pt-BR", extraHTTPHeaders: { "Accept-Language": "pt-BR", "cf-connecting-ip": "10.221.0.9" } },
    boardingError: "Escolha um dos pontos de embarque.",
    awaiting: "Aguardando a agência",
  },
  {
    name: "in English on a desktop",
    width: 1280,
    context: { viewport: { width: 1280, height: 800 }, locale: "en-US", extraHTTPHeaders: { "Accept-Language": "en-US,en;q=0.9", "cf-connecting-ip": "10.221.0.10" } },
    boardingError: "Choose one of the boarding points.",
    awaiting: "Awaiting the agency",
  },
] as const;

async function codeFromMailbox(page: Page, to: string): Promise<string> {
  await page.goto("/dev/mailbox");
  const mail = page.getByTestId("mail").filter({ has: page.getByTestId("mail-to").getByText(to, { exact: true }) }).first();
  await expect(mail).toBeVisible();
  const code = /\b(\d{6})\b/.exec(await mail.innerText())?.[1];
  expect(code).toBeTruthy();
  return code!;
}

for (const run of RUNS) test(`a visitor reserves an excursion seat through the portal ${run.name}; staff see the sale`, async ({ page: staff, browser }) => {
  const EMAIL = `reserva.e2e.${run.width}.${Date.now()}@example.com`;
  // The Admin turns the setting on.
  await signIn(staff, "admin@sol.example");
  await staff.goto("/sistema/minha-agencia");
  const setting = staff.getByRole("checkbox", { name: "Reservas pelo portal" });
  if (!(await setting.isChecked())) await setting.click();
  await staff.getByTestId("agency-save").click();
  await expect(staff.getByTestId("toast").first()).toBeVisible();

  const visitorContext = await browser.newContext(run.context);
  const visitor = await visitorContext.newPage();
  await visitor.goto("/agencia/sol-viagens/pacotes");
  await visitor.locator('[data-testid="public-card"][data-kind="excursion"]').first().click();
  await expect(visitor.getByTestId("public-item")).toBeVisible();
  const title = (await visitor.locator("h1").textContent())!.trim();
  const form = visitor.getByTestId("public-reserve-form");
  await form.locator("input[name=name]").fill(`Visitante Reserva ${run.width}`);
  await form.locator("input[name=email]").fill(EMAIL);
  await form.locator("input[name=phone]").fill("+55 11 98888-7777");
  await form.locator("input[name=passengers]").fill("1");
  await visitor.getByTestId("public-reserve-submit").click();
  await expect(visitor.getByTestId("public-reserve-sent")).toBeVisible();
  await visitor.getByTestId("public-reserve-continue").click();

  // The portal sign-in with the e-mail prefilled; the code from the local mailbox.
  await expect(visitor.locator("input[name=email]")).toHaveValue(EMAIL);
  await visitor.getByTestId("portal-request-code").click();
  await expect(visitor.getByTestId("portal-code-form")).toBeVisible();
  const mailbox = await visitorContext.newPage();
  const code = await codeFromMailbox(mailbox, EMAIL);
  await visitor.locator("input[name=code]").fill(code);
  await visitor.getByTestId("portal-verify-code").click();

  // The reserve page: one place, the boarding point, a free seat, reserve (the boarding point is required first).
  await expect(visitor.getByTestId("portal-reserve")).toBeVisible();
  await expect(visitor.locator("h1")).toContainText(title);
  await visitor.getByTestId("portal-reserve-submit").click();
  await expect(visitor.getByText(run.boardingError)).toBeVisible();
  await visitor.locator("select[name=boardingId]").selectOption({ index: 1 });
  const free = visitor.locator("[data-testid=portal-reserve-seatmap] [data-kind=seat][data-state=free]:not([data-blocked])").first();
  const seat = (await free.getAttribute("data-seat"))!;
  await free.click();
  await expect(visitor.getByTestId("portal-reserve-seats-picked")).toContainText(seat);
  expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(run.width);
  await visitor.getByTestId("portal-reserve-submit").click();

  // The dashboard: the trip, awaiting the agency, with the seat.
  await expect(visitor.getByTestId("portal-reserved")).toBeVisible();
  const trip = visitor.getByTestId("portal-trip").filter({ hasText: title }).first();
  await expect(trip).toBeVisible();
  await expect(trip.getByTestId("portal-trip-status")).toHaveText(run.awaiting);
  await expect(trip).toContainText(seat);

  // Staff: the new sale in the excursion sales list.
  await staff.goto("/vendas/excursoes");
  await expect(staff.getByText(`Visitante Reserva ${run.width}`).first()).toBeVisible();
  await visitorContext.close();
});
