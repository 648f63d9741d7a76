import { Badge, Box, Button, Card, Flex, Heading, Link as RLink, Separator, Text } from "@radix-ui/themes";
import { Bus, CalendarDays, CreditCard, FileText, LogOut, MapPin, Plane, Ticket, UserRound } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Money, useDay } from "~/components/finance/ledger/Money";
import { CopyField } from "~/components/ui/CopyField";
import { Notice } from "~/components/ui/Notice";
import { SectionCard } from "~/components/ui/SectionCard";
import { createCharge } from "~/lib/payments/charges.server";
import { CHARGE_BILLING_TYPES } from "~/lib/payments/constants";
import { publicIntegration } from "~/lib/payments/integration.server";
import { paymentDeps } from "~/lib/payments/transport.server";
import { portalSigningToken } from "~/lib/contracts/sign.server";
import { formatDateTime, formatTime } from "~/lib/platform/format";
import { agenciesOfEmail } from "~/lib/portal/access.server";
import {
  actingScope,
  myContract,
  myOpenTitle,
  openInstallments,
  paidInstallments,
  parseCursor,
  portalDocuments,
  portalHeader,
  portalVouchers,
  portalTrips,
} from "~/lib/portal/dashboard.server";
import { getCloudflare, getEnv } from "~/middleware/cloudflare";
import { getLocale } from "~/middleware/i18n";
import { requirePortal } from "~/middleware/portal";
import type { Route } from "./+types/dashboard";

/** The client's trips, payments and documents at the agency (spec §2.4, issue #21 item 5). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const p = await requirePortal(context, request, params.agencyId);
  const url = new URL(request.url);
  const lang = getLocale(context);
  const [header, trips, open, paid, documents, vouchers, integration, agencies] = await Promise.all([
    portalHeader(p),
    portalTrips(p, parseCursor(url.searchParams.get("viagens"))),
    openInstallments(p),
    paidInstallments(p, parseCursor(url.searchParams.get("pagas"))),
    portalDocuments(p),
    portalVouchers(p),
    publicIntegration(p),
    agenciesOfEmail(p.db, p.email),
  ]);
  // Times in the agency's zone, formatted here (the browser's zone may differ).
  const when = (iso: string | null) => (iso ? formatDateTime(iso, lang, p.timeZone, "medium") : null);
  const at = (iso: string | null) => (iso ? formatTime(iso, lang, p.timeZone) : null);
  return {
    slug: p.agencySlug,
    reserved: url.searchParams.get("reservado") === "1",
    header,
    severalAgencies: agencies.length > 1,
    chargeable: integration.configured && integration.enabled,
    trips: {
      next: trips.next,
      rows: trips.rows.map((t) => ({
        ...t,
        departure: t.excursion ? when(t.excursion.departureAt) : null,
        return: t.excursion ? when(t.excursion.returnAt) : null,
        passengers: t.passengers.map((x) => ({ ...x, boardingAt: at(x.boardingAt), boardingDay: when(x.boardingAt) })),
      })),
    },
    open,
    paid,
    documents: { ...documents, vouchers, contracts: documents.contracts.map((c) => ({ ...c, signedAt: when(c.signedAt) })) },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.header.agencyName} · Portal` : "Portal" },
  { name: "robots", content: "noindex" },
];

type ActionData = { error: string; titleId?: string };

/**
 * intent=charge (titleId, billingType): creates the Asaas charge of one of the client's open
 * installments through the agency's charge path. intent=sign (contractId): a fresh signing
 * link for one of the client's contracts waiting for them, and on to /assinar-contrato.
 * Another client's or agency's id: 404, nothing changes.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const p = await requirePortal(context, request, params.agencyId);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const here = `/portal/${p.agencySlug}/dashboard`;
  if (intent === "charge") {
    const titleId = await myOpenTitle(p, formData.get("titleId"));
    if (!titleId) return data<ActionData>({ error: "portal.payments.failed" }, { status: 404 });
    const billingType = formData.get("billingType");
    if (typeof billingType !== "string" || !(CHARGE_BILLING_TYPES as readonly string[]).includes(billingType) || billingType === "CREDIT_CARD") {
      return data<ActionData>({ error: "portal.payments.failed", titleId }, { status: 400 });
    }
    const scope = actingScope(p);
    const result = await createCharge(scope, paymentDeps(getEnv(context), p.db, getCloudflare(context).ctx), titleId, billingType as (typeof CHARGE_BILLING_TYPES)[number]);
    if (!result.ok && result.reason !== "alreadyCharged") return data<ActionData>({ error: "portal.payments.failed", titleId }, { status: result.reason === "notFound" ? 404 : 409 });
    return redirect(`${here}#parcela-${titleId}`);
  }
  if (intent === "sign") {
    const row = await myContract(p, formData.get("contractId"));
    if (!row) return data<ActionData>({ error: "portal.notFound.title" }, { status: 404 });
    const token = await portalSigningToken(p.db, p.agencyId, row);
    if (!token) return data<ActionData>({ error: "portal.notFound.title" }, { status: 409 });
    return redirect(`/assinar-contrato/${token}`);
  }
  return data<ActionData>({ error: "portal.errors.invalid" }, { status: 400 });
}

export default function PortalDashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const d = loaderData;
  const base = `/portal/${d.slug}`;
  return (
    <Flex direction="column" gap="4" data-testid="portal-dashboard">
      <Flex justify="between" align="start" gap="3" wrap="wrap">
        <div>
          <Heading as="h1" size="6" data-testid="portal-hello">
            {t("portal.nav.hello", { name: d.header.clientName })}
          </Heading>
          <Text color="gray">{d.header.agencyName}</Text>
        </div>
        <Flex gap="3" align="center" wrap="wrap">
          <RLink asChild size="2">
            <Link to={`${base}/meus-dados`} data-testid="portal-details-link">
              <UserRound size={14} aria-hidden /> {t("portal.nav.details")}
            </Link>
          </RLink>
          {d.severalAgencies && (
            <RLink asChild size="2">
              <Link to="/portal/selecionar-agencia" data-testid="portal-change-agency">
                {t("portal.nav.changeAgency")}
              </Link>
            </RLink>
          )}
          <Form method="post" action={`${base}/sair`}>
            <Button type="submit" variant="soft" size="1" data-testid="portal-sign-out">
              <LogOut size={14} aria-hidden /> {t("portal.nav.signOut")}
            </Button>
          </Form>
        </Flex>
      </Flex>
      {actionData?.error && (
        <Notice tone="error" testId="portal-error">
          {t(actionData.error as never)}
        </Notice>
      )}
      {d.reserved && !actionData?.error && (
        <Notice tone="success" testId="portal-reserved">
          {t("portal.reserve.done")}
        </Notice>
      )}
      <Trips trips={d.trips} />
      <Payments open={d.open} paid={d.paid} chargeable={d.chargeable} />
      <Documents documents={d.documents} base={base} />
    </Flex>
  );
}

type Data = Route.ComponentProps["loaderData"];

function Trips({ trips }: { trips: Data["trips"] }) {
  const { t } = useTranslation();
  const day = useDay();
  return (
    <SectionCard title={t("portal.trips.heading")} testId="portal-trips">
      <Flex direction="column" gap="3">
        {trips.rows.length === 0 && <Text color="gray">{t("portal.trips.none")}</Text>}
        {trips.rows.map((trip) => (
          <Card key={trip.id} data-testid="portal-trip">
            <Flex direction="column" gap="2">
              <Flex justify="between" gap="2" wrap="wrap" align="center">
                <Flex gap="2" align="center">
                  {trip.kind === "excursion" ? <Bus size={18} aria-hidden /> : <Plane size={18} aria-hidden />}
                  <Text weight="bold">{trip.excursion?.title ?? t("portal.trips.sale", { number: trip.number })}</Text>
                </Flex>
                <Badge color={trip.status === "draft" ? "amber" : "green"} data-testid="portal-trip-status">
                  {t(`portal.trips.status.${trip.status}` as "portal.trips.status.confirmed")}
                </Badge>
              </Flex>
              <Text size="1" color="gray">
                {t("portal.trips.sale", { number: trip.number })}
                {trip.departure && (
                  <>
                    {" · "}
                    <CalendarDays size={12} aria-hidden /> {trip.departure} – {trip.return}
                  </>
                )}
              </Text>
              {trip.items.length > 0 && (
                <Box>
                  <Text size="2" weight="medium">
                    {t("portal.trips.services")}
                  </Text>
                  {trip.items.map((it, i) => (
                    <Text as="div" size="2" key={i} data-testid="portal-trip-item">
                      {it.description}
                      {(it.startDate || it.endDate) && ` · ${[it.startDate, it.endDate].filter(Boolean).map((x) => day(x)).join(" – ")}`}
                      {it.startTime && ` ${it.startTime}`}
                      {it.locator && ` · ${t("portal.trips.locator", { locator: it.locator })}`}
                    </Text>
                  ))}
                </Box>
              )}
              {trip.excursion && trip.excursion.includes.length > 0 && (
                <Box data-testid="portal-trip-includes">
                  <Text size="2" weight="medium">
                    {t("portal.trips.includes")}
                  </Text>
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {trip.excursion.includes.map((x, i) => (
                      <li key={i}>
                        <Text size="2">{x}</Text>
                      </li>
                    ))}
                  </ul>
                </Box>
              )}
              <Box>
                <Text size="2" weight="medium">
                  {t("portal.trips.passengers")}
                </Text>
                {trip.passengers.map((x, i) => (
                  <Flex key={i} gap="2" wrap="wrap" data-testid="portal-passenger">
                    <Text size="2">{x.name}</Text>
                    {trip.kind === "excursion" && (
                      <Text size="2" color="gray">
                        · {x.seat ? t("portal.trips.seat", { seat: x.seat }) : t("portal.trips.noSeat")}
                        {x.boarding && (
                          <>
                            {" · "}
                            <MapPin size={12} aria-hidden /> {x.boardingAt ? t("portal.trips.boarding", { place: x.boarding, time: x.boardingDay }) : t("portal.trips.boardingNoTime", { place: x.boarding })}
                          </>
                        )}
                      </Text>
                    )}
                  </Flex>
                ))}
              </Box>
              {trip.totalCents !== null && (
                <Flex justify="end" gap="2">
                  <Text size="2">{t("portal.trips.total")}:</Text>
                  <Money cents={trip.totalCents} currency={trip.currency} strong />
                </Flex>
              )}
            </Flex>
          </Card>
        ))}
        {trips.next && (
          <RLink asChild size="2">
            <Link to={`?viagens=${encodeURIComponent(trips.next)}#viagens`} data-testid="portal-trips-more">
              {t("portal.more")} →
            </Link>
          </RLink>
        )}
      </Flex>
    </SectionCard>
  );
}

function Payments({ open, paid, chargeable }: { open: Data["open"]; paid: Data["paid"]; chargeable: boolean }) {
  const { t } = useTranslation();
  const day = useDay();
  const busy = useNavigation().state === "submitting";
  const today = new Date().toISOString().slice(0, 10);
  return (
    <SectionCard title={t("portal.payments.heading")} testId="portal-payments">
      <Flex direction="column" gap="3">
        <Heading as="h3" size="3">
          {t("portal.payments.open")}
        </Heading>
        {open.length === 0 && <Text color="gray">{t("portal.payments.none")}</Text>}
        {open.map((i) => (
          <Card key={i.id} id={`parcela-${i.id}`} data-testid="portal-installment">
            <Flex direction="column" gap="2">
              <Flex justify="between" gap="2" wrap="wrap">
                <div>
                  <Text as="div" weight="medium">
                    {i.description}
                  </Text>
                  <Text as="div" size="1" color={i.dueDate < today ? "red" : "gray"}>
                    {i.installmentCount > 1 && `${t("portal.payments.installment", { no: i.installmentNo, count: i.installmentCount })} · `}
                    {t(i.dueDate < today ? "portal.payments.overdue" : "portal.payments.due", { date: day(i.dueDate) })}
                  </Text>
                </div>
                <Flex direction="column" align="end">
                  <Money cents={i.amountCents - i.paidCents} currency={i.currency} strong />
                  {i.paidCents > 0 && (
                    <Text size="1" color="gray">
                      {t("portal.payments.remaining")}
                    </Text>
                  )}
                </Flex>
              </Flex>
              {i.charge ? (
                <Flex direction="column" gap="2" data-testid="portal-charge">
                  {i.charge.pixQrImage && (
                    <img
                      src={`data:image/png;base64,${i.charge.pixQrImage}`}
                      alt={t("portal.payments.pixQr")}
                      width={180}
                      height={180}
                      style={{ imageRendering: "pixelated" }}
                      data-testid="portal-pix-qr"
                    />
                  )}
                  {i.charge.pixPayload && (
                    <CopyField label={t("portal.payments.pixCopy")} value={i.charge.pixPayload} testId="portal-pix-code" copyLabel={t("portal.payments.copy")} copiedLabel={t("portal.payments.copied")} />
                  )}
                  {i.charge.identificationField && (
                    <CopyField label={t("portal.payments.boletoLine")} value={i.charge.identificationField} testId="portal-boleto-line" copyLabel={t("portal.payments.copy")} copiedLabel={t("portal.payments.copied")} />
                  )}
                  <Flex gap="3" wrap="wrap">
                    {i.charge.bankSlipUrl && (
                      <RLink href={i.charge.bankSlipUrl} target="_blank" rel="noopener noreferrer" data-testid="portal-boleto-pdf">
                        {t("portal.payments.boletoPdf")}
                      </RLink>
                    )}
                    {i.charge.invoiceUrl && (
                      <Button asChild size="2">
                        <a href={i.charge.invoiceUrl} target="_blank" rel="noopener noreferrer" data-testid="portal-pay-link">
                          <CreditCard size={14} aria-hidden /> {t("portal.payments.link")}
                        </a>
                      </Button>
                    )}
                  </Flex>
                </Flex>
              ) : chargeable && i.currency === "BRL" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="charge" />
                  <input type="hidden" name="titleId" value={i.id} />
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text size="2">{t("portal.payments.createAs")}</Text>
                    {(["PIX", "BOLETO", "UNDEFINED"] as const).map((b) => (
                      <Button key={b} type="submit" name="billingType" value={b} size="2" variant={b === "PIX" ? "solid" : "soft"} disabled={busy} data-testid={`portal-charge-${b}`}>
                        {t(`portal.payments.billing.${b}`)}
                      </Button>
                    ))}
                  </Flex>
                </Form>
              ) : (
                <Text size="2" color="gray">
                  {t("portal.payments.askAgency")}
                </Text>
              )}
            </Flex>
          </Card>
        ))}
        <Separator size="4" />
        <Heading as="h3" size="3">
          {t("portal.payments.paidHeading")}
        </Heading>
        {paid.rows.length === 0 && <Text color="gray">{t("portal.payments.nonePaid")}</Text>}
        {paid.rows.map((i) => (
          <Flex key={i.id} justify="between" gap="2" data-testid="portal-paid">
            <Text size="2">
              {i.description}
              {i.installmentCount > 1 && ` · ${t("portal.payments.installment", { no: i.installmentNo, count: i.installmentCount })}`}
              {" · "}
              {day(i.dueDate)}
            </Text>
            <Money cents={i.amountCents} currency={i.currency} />
          </Flex>
        ))}
        {paid.next && (
          <RLink asChild size="2">
            <Link to={`?pagas=${encodeURIComponent(paid.next)}`} data-testid="portal-paid-more">
              {t("portal.more")} →
            </Link>
          </RLink>
        )}
      </Flex>
    </SectionCard>
  );
}

function Documents({ documents, base }: { documents: Data["documents"]; base: string }) {
  const { t } = useTranslation();
  const day = useDay();
  const none = documents.contracts.length === 0 && documents.invoices.length === 0 && documents.vouchers.length === 0;
  return (
    <SectionCard title={t("portal.documents.heading")} testId="portal-documents">
      <Flex direction="column" gap="3">
        {none && <Text color="gray">{t("portal.documents.none")}</Text>}
        {documents.contracts.map((c) => (
          <Flex key={c.id} justify="between" align="center" gap="2" wrap="wrap" data-testid="portal-contract">
            <Flex gap="2" align="center">
              <FileText size={16} aria-hidden />
              <div>
                <Text as="div" size="2" weight="medium">
                  {t("portal.documents.contract", { number: c.number })} · {c.title}
                </Text>
                <Text as="div" size="1" color="gray">
                  {c.signedAt ? t("portal.documents.signedOn", { date: c.signedAt }) : c.canSign ? t("portal.documents.toSign") : null}
                </Text>
              </div>
            </Flex>
            <Flex gap="3" align="center" wrap="wrap">
              {c.canSign && (
                <Form method="post">
                  <input type="hidden" name="intent" value="sign" />
                  <input type="hidden" name="contractId" value={c.id} />
                  <Button type="submit" size="2" data-testid="portal-sign">
                    {t("portal.documents.sign")}
                  </Button>
                </Form>
              )}
              <RLink href={`${base}/contrato/${c.id}/original`} size="2" target="_blank" rel="noopener">
                {t("portal.documents.original")}
              </RLink>
              {c.hasSigned && (
                <RLink href={`${base}/contrato/${c.id}/assinado`} size="2" target="_blank" rel="noopener" data-testid="portal-signed-pdf">
                  {t("portal.documents.signedPdf")}
                </RLink>
              )}
            </Flex>
          </Flex>
        ))}
        {documents.vouchers.map((v) => (
          <Flex key={`${v.saleId}-${v.key}`} justify="between" align="center" gap="2" wrap="wrap" data-testid="portal-voucher">
            <Flex gap="2" align="center">
              <Ticket size={16} aria-hidden />
              <Text size="2">{t("vouchers.portal.voucher", { number: v.number, title: v.title })}</Text>
            </Flex>
            <RLink href={`${base}/voucher/${v.saleId}/${v.key}`} size="2" download data-testid="portal-voucher-pdf">
              {t("vouchers.portal.download")}
            </RLink>
          </Flex>
        ))}
        {documents.invoices.map((inv) => (
          <Flex key={inv.id} justify="between" align="center" gap="2" wrap="wrap" data-testid="portal-invoice">
            <Flex gap="2" align="center">
              <FileText size={16} aria-hidden />
              <Text size="2">
                {t("portal.documents.invoice", { number: inv.number })} · {day(inv.issueDate)} · <Money cents={inv.totalCents} currency={inv.currency} />
              </Text>
            </Flex>
            <RLink href={`${base}/fatura/${inv.id}`} size="2" target="_blank" rel="noopener">
              {t("portal.documents.invoicePdf")}
            </RLink>
          </Flex>
        ))}
      </Flex>
    </SectionCard>
  );
}
