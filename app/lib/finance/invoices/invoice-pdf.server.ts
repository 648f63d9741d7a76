/**
 * An invoice as a PDF (pdf-lib, A4): the agency's logo (PNG or JPEG) and data,
 * the invoice's number, party, dates and period, its lines, total, the titles
 * that pay it and the notes, in the invoice's language; "CANCELADA" across a
 * cancelled one. Stored in R2 under the agency and served by an authorised
 * route (invoiceFile). Text goes through winAnsiSafe like the other PDFs.
 */
import { degrees, rgb } from "pdf-lib";
import { invoiceDetail } from "~/lib/finance/invoices/invoice.server";
import { A4, agencyLetterhead, clientPdf, drawLetterhead, embedLogo, pageWriter, type AgencyData } from "~/lib/kit/letterhead-pdf.server";
import { winAnsiSafe, wrapText } from "~/lib/kit/table-pdf.server";
import { formatDocument } from "~/lib/platform/br-documents";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";
import type { Scope } from "~/lib/platform/scope.server";
import { textIn } from "~/lib/platform/text-in";

type Detail = NonNullable<Awaited<ReturnType<typeof invoiceDetail>>>;
export type { AgencyData };

const PAGE_W = A4.width;
const MARGIN = A4.margin;
const GRAY = rgb(0.4, 0.4, 0.4);

/** The invoice's PDF bytes. */
export async function invoicePdf(detail: Detail, agencyData: AgencyData, logo: Uint8Array | null): Promise<Uint8Array<ArrayBuffer>> {
  const { invoice: inv, lines, titles } = detail;
  const lng = inv.language;
  const L = (key: string, values: Record<string, string | number> = {}) => textIn(lng, `invoices.pdf.${key}`, values);
  const money = (cents: number) => formatMoney(cents, inv.currency, lng);
  const day = (d: string) => formatCalendarDate(d, lng, "short");

  const heading = L("title", { number: inv.number });
  const { doc, regular, bold } = await clientPdf({ title: heading, author: agencyData.name, language: lng, createdAt: inv.createdAt });
  const image = await embedLogo(doc, logo);

  const pen = pageWriter(doc, regular, { bottom: MARGIN + 20 });
  const { text, rule, ensure, inner } = pen;

  // Header: logo and the agency's data on the left, the invoice's number and dates on the right.
  const letterhead = drawLetterhead(pen.page, { x: MARGIN, top: pen.y, right: PAGE_W - MARGIN, reserve: 170, image, agency: agencyData, regular, bold });
  const rightX = PAGE_W - MARGIN - 165;
  text(heading, rightX, pen.y - 12, { font: bold, size: 14, width: 165, right: true });
  text(`${L("issueDate")}: ${day(inv.issueDate)}`, rightX, pen.y - 28, { size: 9, width: 165, right: true });
  text(`${L("dueDate")}: ${day(inv.dueDate)}`, rightX, pen.y - 40, { font: bold, size: 9, width: 165, right: true });
  pen.y -= letterhead;
  rule(pen.y);
  pen.y -= 18;

  // The party and the period.
  text(L("billTo"), MARGIN, pen.y, { size: 8, color: GRAY });
  pen.y -= 13;
  text(inv.partyName, MARGIN, pen.y, { font: bold, size: 11, width: inner });
  pen.y -= 12;
  if (inv.partyDocument) {
    text(formatDocument(inv.partyDocument), MARGIN, pen.y, { size: 9, width: inner });
    pen.y -= 12;
  }
  if (inv.periodFrom || inv.periodTo) {
    text(L("period", { from: inv.periodFrom ? day(inv.periodFrom) : "…", to: inv.periodTo ? day(inv.periodTo) : "…" }), MARGIN, pen.y, { size: 9, width: inner });
    pen.y -= 12;
  }
  pen.y -= 10;

  // Lines.
  const cols = { sale: 60, description: inner - 60 - 100, amount: 100 };
  const header = () => {
    rule(pen.y + 11);
    text(L("sale"), MARGIN, pen.y, { font: bold, size: 9 });
    text(L("description"), MARGIN + cols.sale, pen.y, { font: bold, size: 9 });
    text(L("amount"), MARGIN + cols.sale + cols.description, pen.y, { font: bold, size: 9, width: cols.amount, right: true });
    pen.y -= 6;
    rule(pen.y);
    pen.y -= 12;
  };
  header();
  for (const l of lines) {
    ensure(16);
    text(`#${l.saleNumber}`, MARGIN, pen.y, { width: cols.sale });
    text(l.description, MARGIN + cols.sale, pen.y, { width: cols.description - 6 });
    text(money(l.amountCents), MARGIN + cols.sale + cols.description, pen.y, { width: cols.amount, right: true });
    pen.y -= 14;
  }
  rule(pen.y + 8);
  pen.y -= 8;
  text(L("total"), MARGIN + cols.sale, pen.y, { font: bold, size: 11 });
  text(money(inv.totalCents), MARGIN + cols.sale + cols.description, pen.y, { font: bold, size: 11, width: cols.amount, right: true });
  pen.y -= 26;

  // The titles that pay it.
  if (titles.length) {
    ensure(30);
    text(L("payments"), MARGIN, pen.y, { font: bold, size: 10 });
    pen.y -= 14;
    for (const t of titles) {
      ensure(14);
      text(`${day(t.dueDate)} · ${t.description}`, MARGIN, pen.y, { size: 9, width: inner - 110 });
      text(money(t.amountCents), MARGIN + inner - 100, pen.y, { size: 9, width: 100, right: true });
      pen.y -= 12;
    }
    pen.y -= 12;
  }

  if (inv.notes) {
    ensure(30);
    text(L("notes"), MARGIN, pen.y, { font: bold, size: 10 });
    pen.y -= 14;
    for (const line of wrapText(inv.notes, regular, 9, inner)) {
      ensure(12);
      text(line, MARGIN, pen.y, { size: 9, width: inner });
      pen.y -= 12;
    }
  }

  const pages = doc.getPages();
  pages.forEach((p, i) => {
    pen.page = p;
    if (inv.status === "cancelled") {
      const stamp = winAnsiSafe(L("cancelled"), bold);
      p.drawText(stamp, { x: 140, y: 300, size: 60, font: bold, color: rgb(0.8, 0.1, 0.1), opacity: 0.25, rotate: degrees(35) });
    }
    text(L("page", { page: i + 1, pages: pages.length }), MARGIN, MARGIN - 10, { size: 7.5, color: GRAY, width: inner, right: true });
  });
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

/** Where an invoice's PDF is kept in R2. */
export const invoicePdfKey = (agencyId: string, id: string, cancelled: boolean) => `agencies/${agencyId}/invoices/${id}${cancelled ? "-cancelled" : ""}.pdf`;

/**
 * The invoice's PDF from R2, rendered and stored first when it is not there
 * (a cancelled invoice has its own copy with the stamp). Null: not the agency's.
 */
export async function invoiceFile(scope: Scope, bucket: R2Bucket, id: string): Promise<{ bytes: Uint8Array<ArrayBuffer>; filename: string; key: string } | null> {
  const detail = await invoiceDetail(scope, id);
  if (!detail) return null;
  const key = invoicePdfKey(scope.agencyId, detail.invoice.id, detail.invoice.status === "cancelled");
  const filename = `${textIn(detail.invoice.language, "invoices.pdf.file")}-${detail.invoice.number}.pdf`;
  const stored = await bucket.get(key);
  if (stored) return { bytes: new Uint8Array(await stored.arrayBuffer()), filename, key };
  const { agency: a, logo } = await agencyLetterhead(scope.db, scope.agencyId, bucket);
  const bytes = await invoicePdf(detail, a, logo);
  await bucket.put(key, bytes, { httpMetadata: { contentType: "application/pdf" } });
  return { bytes, filename, key };
}
