import { Box, Button, Card, Flex, Heading, Separator, Text, TextArea } from "@radix-ui/themes";
import { CheckCircle2, FileWarning } from "lucide-react";
import { useState } from "react";
import { data, Form, useNavigation } from "react-router";
import { QUOTE_ANSWER_RATE } from "~/lib/crm/quote";
import { acceptSchema, declineSchema } from "~/lib/crm/quote.schema";
import { acceptQuote, declineQuote, markQuoteViewed, openQuote, type OpenQuote } from "~/lib/crm/quote.server";
import { parseForm } from "~/lib/kit/forms";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";
import { textIn } from "~/lib/platform/text-in";
import { getEnv } from "~/middleware/cloudflare";
import { getLocale } from "~/middleware/i18n";
import { hitRateLimit } from "~/lib/platform/rate-limit.server";
import { getViewer, publicScope } from "~/middleware/session";
import type { Route } from "./+types/orcamento";

const KEYS = ["heading", "for", "validUntil", "accept", "decline", "declineReason", "confirmDecline", "accepted", "declined", "expired", "terms", "discount", "fees", "total", "tooMany", "logo"] as const;

/** The page's texts in the quote's language (the browser holds only the visitor's). */
function view(q: OpenQuote) {
  const lang = q.row.language;
  const values = { number: q.row.number, name: q.contact, date: formatCalendarDate(q.row.validUntil, lang, "long") };
  const texts = Object.fromEntries(KEYS.map((k) => [k, textIn(lang, `crm.quotes.public.${k}`, values)])) as Record<(typeof KEYS)[number], string>;
  const money = (c: number) => formatMoney(c, q.row.currency, lang);
  return {
    language: lang,
    state: q.state,
    agency: q.agency.name,
    logoUrl: q.agency.logoUrl,
    title: q.row.title,
    terms: q.row.terms,
    items: q.items.map((it) => ({
      id: it.id,
      description: it.description,
      dates: [it.startDate, it.endDate].filter((d): d is string => !!d).map((d) => formatCalendarDate(d, lang, "short")).join(" – "),
      price: money(it.priceCents),
    })),
    discount: q.row.discountCents ? money(q.row.discountCents) : null,
    fees: q.row.feesCents ? money(q.row.feesCents) : null,
    total: money(q.row.totalCents),
    texts,
  };
}

const notFoundTexts = (lang: string) => ({ title: textIn(lang, "crm.quotes.public.notFound"), text: textIn(lang, "crm.quotes.public.notFoundText") });

/**
 * Anyone with the link (no session): the quote in its language; an unknown slug is a 404 page.
 * Each opening is counted, except the agency's own staff checking the link (signed in to it; or a SuperAdmin).
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { db, ip } = publicScope(context, request);
  const q = await openQuote(db, params.slug);
  if (!q) return data({ quote: null, missing: notFoundTexts(getLocale(context)) }, { status: 404 });
  const viewer = getViewer(context);
  const staff = !!viewer && (viewer.role === "SuperAdmin" || viewer.agency?.id === q.row.agencyId);
  if (!staff) await markQuoteViewed(db, q, ip);
  return { quote: view(q), missing: null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.quote ? `${loaderData.quote.texts.heading} · ${loaderData.quote.agency}` : "Rota" },
  { name: "robots", content: "noindex" },
  { name: "referrer", content: "no-referrer" },
];

/** intent=accept, or decline with a reason: 404 unknown slug, 400 bad input, 409 already answered, 410 expired, 429 too many answers to this link. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { db, ip } = publicScope(context, request);
  const q = await openQuote(db, params.slug);
  if (!q) return data({ done: null, error: "notFound" as const }, { status: 404 });
  if (!(await hitRateLimit(db, `quote-answer:${q.row.id}`, QUOTE_ANSWER_RATE))) return data({ done: null, error: "tooMany" as const }, { status: 429 });
  const formData = await request.formData();
  const intent = formData.get("intent");
  const env = getEnv(context);
  if (intent === "accept") {
    if (!parseForm(formData, acceptSchema)) return data({ done: null, error: "invalid" as const }, { status: 400 });
    const r = await acceptQuote(env, db, q, ip);
    if (!r.ok) return data({ done: null, error: r.reason }, { status: r.reason === "expired" ? 410 : 409 });
    return { done: "accepted" as const, error: null };
  }
  if (intent === "decline") {
    const s = parseForm(formData, declineSchema);
    if (!s || s.status !== "success") return data({ done: null, error: "reason" as const }, { status: 400 });
    const r = await declineQuote(env, db, q, s.value.reason, ip);
    if (!r.ok) return data({ done: null, error: r.reason }, { status: r.reason === "expired" ? 410 : 409 });
    return { done: "declined" as const, error: null };
  }
  return data({ done: null, error: "invalid" as const }, { status: 400 });
}

export default function PublicQuote({ loaderData, actionData }: Route.ComponentProps) {
  const [declining, setDeclining] = useState(false);
  const busy = useNavigation().state === "submitting";
  if (!loaderData.quote) {
    return (
      <Box p="5" maxWidth="560px" mx="auto" data-testid="quote-not-found">
        <Card>
          <Flex direction="column" gap="2" align="center">
            <FileWarning aria-hidden />
            <Heading as="h1" size="5">
              {loaderData.missing?.title}
            </Heading>
            <Text>{loaderData.missing?.text}</Text>
          </Flex>
        </Card>
      </Box>
    );
  }
  const q = loaderData.quote;
  const done = actionData?.done ?? (q.state === "accepted" ? "accepted" : q.state === "declined" ? "declined" : null);
  return (
    <Box p={{ initial: "3", sm: "5" }} maxWidth="760px" mx="auto" lang={q.language} data-testid="public-quote" data-state={done ?? q.state}>
      <Flex direction="column" gap="4">
        <Flex gap="3" align="center">
          {q.logoUrl && <img src={q.logoUrl} alt={q.texts.logo} height={48} style={{ maxWidth: 160, objectFit: "contain" }} data-testid="quote-logo" />}
          <Text size="4" weight="bold" data-testid="quote-agency">
            {q.agency}
          </Text>
        </Flex>
        <div>
          <Heading as="h1" size="6">
            {q.texts.heading}
          </Heading>
          <Text as="p" size="4">
            {q.title}
          </Text>
          <Text as="p" color="gray">
            {q.texts.for} · {q.texts.validUntil}
          </Text>
        </div>
        <Card>
          <Flex direction="column" gap="2">
            {q.items.map((it) => (
              <Flex key={it.id} justify="between" gap="3" data-testid="public-quote-item">
                <div>
                  <Text weight="medium">{it.description}</Text>
                  {it.dates && (
                    <Text as="div" size="1" color="gray">
                      {it.dates}
                    </Text>
                  )}
                </div>
                <Text className="nowrap">{it.price}</Text>
              </Flex>
            ))}
            <Separator size="4" />
            {q.discount && (
              <Flex justify="between">
                <Text>{q.texts.discount}</Text>
                <Text>− {q.discount}</Text>
              </Flex>
            )}
            {q.fees && (
              <Flex justify="between">
                <Text>{q.texts.fees}</Text>
                <Text>{q.fees}</Text>
              </Flex>
            )}
            <Flex justify="between">
              <Text weight="bold">{q.texts.total}</Text>
              <Text weight="bold" data-testid="public-quote-total">
                {q.total}
              </Text>
            </Flex>
          </Flex>
        </Card>
        {q.terms && (
          <div>
            <Text weight="medium">{q.texts.terms}</Text>
            <Text as="p" style={{ whiteSpace: "pre-wrap" }}>
              {q.terms}
            </Text>
          </div>
        )}
        {done === "accepted" ? (
          <Flex gap="2" align="center" role="status" data-testid="quote-done">
            <CheckCircle2 color="var(--green-9)" aria-hidden />
            <Text>{q.texts.accepted}</Text>
          </Flex>
        ) : done === "declined" ? (
          <Text role="status" data-testid="quote-done">
            {q.texts.declined}
          </Text>
        ) : q.state === "expired" || actionData?.error === "expired" ? (
          <Text role="status" color="red" data-testid="quote-expired">
            {q.texts.expired}
          </Text>
        ) : (
          <Flex direction="column" gap="3">
            {actionData?.error === "tooMany" && (
              <Text role="alert" color="red" data-testid="quote-too-many">
                {q.texts.tooMany}
              </Text>
            )}
            <Form method="post">
              <Button type="submit" name="intent" value="accept" size="3" disabled={busy} style={{ width: "100%" }} data-testid="quote-accept">
                {q.texts.accept}
              </Button>
            </Form>
            {declining ? (
              <Form method="post">
                <Flex direction="column" gap="2">
                  <label>
                    <Text as="div" size="2">
                      {q.texts.declineReason}
                    </Text>
                    <TextArea name="reason" required maxLength={1000} data-testid="quote-decline-reason" />
                  </label>
                  <Button type="submit" name="intent" value="decline" color="red" variant="soft" disabled={busy} data-testid="quote-decline-confirm">
                    {q.texts.confirmDecline}
                  </Button>
                </Flex>
              </Form>
            ) : (
              <Button type="button" variant="ghost" color="gray" onClick={() => setDeclining(true)} data-testid="quote-decline">
                {q.texts.decline}
              </Button>
            )}
          </Flex>
        )}
      </Flex>
    </Box>
  );
}
