/**
 * "Quero reservar" on a public package or excursion page (issue #21): the visitor's request
 * becomes a lead in the agency's CRM — a deal made by the CRM's own createDeal, source "site",
 * with the chosen departure and passengers, given to the agency's first active Admin — and
 * the agency's sellers (active Admins and Agentes) are notified live, each in their language.
 * When the agency has portal reservations on (decision 0021 §7), an excursion's request also
 * makes sure the agency has a client with the e-mail (set on the deal) and answers where the
 * visitor goes on to reserve in the portal.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { profile } from "~/db/schema";
import { createDeal } from "~/lib/crm/deal.server";
import { dealHref } from "~/lib/crm/deal";
import type { DealInput } from "~/lib/crm/deal.schema";
import type { BoardsEnv } from "~/lib/platform/board-room.server";
import { formatCalendarDate, formatDateTime } from "~/lib/platform/format";
import { notify, type RealtimeEnv } from "~/lib/platform/realtime.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import { agencyActing, type PublicScope, type Scope } from "~/lib/platform/scope.server";
import { clientForReservation, continueUrl, portalReservationsOn } from "~/lib/portal/reserve.server";
import { languageOf, textIn } from "~/lib/platform/text-in";
import { parseForm } from "~/lib/kit/forms";
import { hitRateLimit } from "~/lib/platform/rate-limit.server";
import type { CatalogKind } from "~/lib/public/catalog";
import { publicExcursion, publicPackage, type PublicAgency, type PublicExcursion, type PublicPackage } from "~/lib/public/catalog.server";
import { RESERVE_RATE, reserveErr, reserveSchema, type ReserveInput } from "~/lib/public/reserve.schema";
import type { Language } from "~/locales";

/** The departures a visitor may pick on the page: a package's upcoming ones with places, or the excursion itself. */
export function departureChoices(item: PublicPackage | PublicExcursion): { id: string; start: string; end: string | null }[] {
  if (item.kind === "excursion") return item.open ? [{ id: item.id, start: item.departureAt.slice(0, 10), end: item.returnAt.slice(0, 10) }] : [];
  return item.departures.filter((d) => d.free > 0).map((d) => ({ id: d.id, start: d.departureDate, end: d.returnDate }));
}

/** The lowest per-person price (the deal's estimated value per passenger). */
const fromPrice = (item: PublicPackage | PublicExcursion) => {
  const prices = item.prices.map((p) => p.priceCents).filter((c) => c > 0);
  return prices.length ? Math.min(...prices) : 0;
};

export type ReserveRefusal = "departure" | "noStaff";

export async function requestReservation(
  env: RealtimeEnv & BoardsEnv,
  scope: PublicScope,
  a: PublicAgency,
  item: PublicPackage | PublicExcursion,
  input: ReserveInput,
  pageUrl: string,
): Promise<Result<{ dealId: string; continueUrl: string | null }, ReserveRefusal>> {
  const choice = departureChoices(item).find((d) => d.id === input.departure);
  if (!choice) return fail("departure");
  const staff = await scope.db
    .select({ id: profile.id, role: profile.role, locale: profile.locale })
    .from(profile)
    .where(and(eq(profile.agencyId, a.id), eq(profile.active, true), inArray(profile.role, ["Admin", "Agente"])))
    .orderBy(asc(profile.name), asc(profile.id));
  const owner = staff.find((s) => s.role === "Admin") ?? staff[0];
  if (!owner) return fail("noStaff");
  // The deal is the owner's, made by nobody (a visitor): the CRM's scope of that owner.
  const dealScope: Scope = { db: scope.db, ip: scope.ip, userId: owner.id, role: owner.role, agencyId: a.id, timeZone: a.timeZone, currency: item.currency };
  // Portal reservations (excursions): the client the portal signs in, registered now if the agency has none with the e-mail.
  const continues = item.kind === "excursion" && (await portalReservationsOn(scope.db, a.id));
  const clientId = continues ? await clientForReservation(agencyActing({ db: scope.db, ip: scope.ip, agencyId: a.id, timeZone: a.timeZone, currency: a.currency }), input) : null;
  const when = item.kind === "excursion" ? formatDateTime(item.departureAt, "pt", a.timeZone) : formatCalendarDate(choice.start, "pt");
  const deal: DealInput = {
    title: item.title.slice(0, 200),
    clientId,
    leadName: input.name,
    leadPhone: input.phone,
    leadEmail: input.email,
    stageId: null,
    destination: (item.kind === "excursion" ? item.destination : item.destinations.join(", "))?.slice(0, 200) || null,
    travelStart: choice.start,
    travelEnd: choice.end,
    passengers: input.passengers,
    value: fromPrice(item) * input.passengers,
    expectedCloseDate: null,
    ownerUserId: owner.id,
    source: "site",
    lostReason: null,
    notes: textIn("pt", "public.reserve.dealNotes", { url: pageUrl, departure: when, passengers: input.passengers }),
  };
  const made = await createDeal(dealScope, env, deal, null);
  if (!made.ok) return fail("noStaff");
  await Promise.all(
    staff.map((s) =>
      notify(env, {
        userId: s.id,
        agencyId: a.id,
        title: textIn(s.locale, "public.reserve.notice.title"),
        message: textIn(s.locale, "public.reserve.notice.message", {
          name: input.name,
          title: item.title,
          passengers: input.passengers,
          departure: item.kind === "excursion" ? formatDateTime(item.departureAt, languageOf(s.locale), a.timeZone) : formatCalendarDate(choice.start, languageOf(s.locale)),
        }),
        link: dealHref(made.id),
      }),
    ),
  );
  return ok({ dealId: made.id, continueUrl: clientId ? continueUrl(a.slug, input.email, item.id, made.id) : null });
}

export type ReserveAnswer = { sent: boolean; continueUrl?: string | null; error: "notFound" | "tooMany" | "invalid" | "unavailable" | null; fields: Partial<Record<keyof ReserveInput, string>>; values: Record<string, string> };

/**
 * The reserve form's post: 404 for an unknown page, 429 past the limit per address, 400 with
 * each field's error in the visitor's language (nothing written), 503 when the agency has
 * nobody to receive it; 200 once the lead is in the CRM and the staff notified.
 */
export async function reserveFromForm(
  env: RealtimeEnv & BoardsEnv,
  scope: PublicScope,
  a: PublicAgency | null,
  kind: CatalogKind,
  slug: string,
  formData: FormData,
  lang: Language,
  pageUrl: string,
): Promise<{ status: number; body: ReserveAnswer }> {
  const values = Object.fromEntries(["name", "email", "phone", "departure", "passengers"].map((k) => [k, String(formData.get(k) ?? "").slice(0, 300)]));
  const answer = (status: number, error: ReserveAnswer["error"], fields: ReserveAnswer["fields"] = {}, next: string | null = null) => ({
    status,
    body: { sent: status === 200, continueUrl: next, error, fields, values: status === 200 ? {} : values },
  });
  const item = a ? (kind === "package" ? await publicPackage(scope, a, slug) : await publicExcursion(scope, a, slug)) : null;
  if (!a || !item) return answer(404, "notFound");
  if (!(await hitRateLimit(scope.db, `public-reserve:${scope.ip ?? "unknown"}`, RESERVE_RATE))) return answer(429, "tooMany");
  const submission = parseForm(formData, reserveSchema);
  if (!submission) return answer(400, "invalid");
  if (submission.status !== "success") {
    const fields: ReserveAnswer["fields"] = {};
    for (const [name, messages] of Object.entries(submission.error ?? {})) {
      if (messages?.[0] && name in values) fields[name as keyof ReserveInput] = textIn(lang, messages[0]);
    }
    return answer(400, "invalid", fields);
  }
  const made = await requestReservation(env, scope, a, item, submission.value, pageUrl);
  if (!made.ok) return made.reason === "departure" ? answer(400, "invalid", { departure: textIn(lang, reserveErr.departure) }) : answer(503, "unavailable");
  return answer(200, null, {}, made.continueUrl);
}
