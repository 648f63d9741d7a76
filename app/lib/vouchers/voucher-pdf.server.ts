/**
 * A voucher as a PDF (pdf-lib, A4; decision 0023), drawn like the invoice: the
 * agency's letterhead (kit/letterhead-pdf.server.ts) with the voucher's number on
 * the right; the service (kind, name, provider and phone, dates and times, room
 * and meal plan, flights, locator); the passengers (name, document, and for an
 * excursion seat, room and boarding point with its time); what is included; the
 * agency's notes; the emergency contact; the "present this voucher" line and
 * "page n of N" on every page. Text goes through winAnsiSafe like the other PDFs;
 * instants are shown in the agency's time zone, in the voucher's language.
 */
import { rgb } from "pdf-lib";
import { A4, clientPdf, drawLetterhead, embedLogo, pageWriter, type AgencyData } from "~/lib/kit/letterhead-pdf.server";
import { wrapText } from "~/lib/kit/table-pdf.server";
import { formatCpf } from "~/lib/platform/br-documents";
import { formatCalendarDate, formatDate, formatDateTime, formatTime } from "~/lib/platform/format";
import { textIn } from "~/lib/platform/text-in";
import type { Language } from "~/locales";
import type { Voucher, VoucherDocument } from "~/lib/vouchers/voucher";

const PAGE_W = A4.width;
const MARGIN = A4.margin;
/** The footer ("present this voucher", page n of N) keeps this much of every page's bottom. */
const FOOTER = MARGIN + 34;
const GRAY = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.78, 0.78, 0.78);
const BAND = rgb(0.94, 0.95, 0.97);

export type VoucherPdfContext = { agency: AgencyData; logo: Uint8Array | null; language: Language; timeZone: string; issuedAt?: string };

/** "CPF 123.456.789-09", "Passaporte FX123456". */
function documentLabel(d: VoucherDocument, L: (key: string) => string): string {
  if (!d) return "";
  return `${L(`documentTypes.${d.type}`)} ${d.type === "cpf" ? formatCpf(d.number) : d.number}`;
}

/** The voucher's PDF bytes. */
export async function voucherPdf(v: Voucher, ctx: VoucherPdfContext): Promise<Uint8Array<ArrayBuffer>> {
  const lng = ctx.language;
  const L = (key: string, values: Record<string, string | number> = {}) => textIn(lng, `vouchers.pdf.${key}`, values);
  const day = (d: string) => formatCalendarDate(d, lng, "medium");
  const when = (iso: string) => formatDateTime(iso, lng, ctx.timeZone, "medium");
  const issuedAt = ctx.issuedAt ?? new Date().toISOString();

  const heading = `${L("title")} ${v.number}`;
  const { doc, regular, bold } = await clientPdf({ title: `${heading} · ${v.title}`, author: ctx.agency.name, language: lng, createdAt: issuedAt });
  const image = await embedLogo(doc, ctx.logo);

  const pen = pageWriter(doc, regular, {
    bottom: FOOTER,
    // A new page repeats the agency and the voucher's number at its top.
    onNewPage: () => {
      text(`${ctx.agency.name} · ${heading}`, MARGIN, pen.y - 10, { size: 8, color: GRAY, width: inner });
      pen.y -= 26;
    },
  });
  const { text, rule, ensure, inner } = pen;
  const section = (title: string) => {
    ensure(34);
    pen.y -= 6;
    pen.page.drawRectangle({ x: MARGIN, y: pen.y - 5, width: inner, height: 17, color: BAND });
    text(title, MARGIN + 6, pen.y, { font: bold, size: 10, width: inner - 12 });
    pen.y -= 20;
  };
  const LABEL = 140;
  /** A label and its value, the value wrapped under itself. */
  const field = (label: string, value: string | null | undefined) => {
    if (!value) return;
    const lines = wrapText(value, regular, 9.5, inner - LABEL);
    ensure(13 * lines.length);
    text(label, MARGIN, pen.y, { font: bold, size: 9, color: GRAY, width: LABEL - 8 });
    lines.forEach((line, i) => text(line, MARGIN + LABEL, pen.y - i * 13, { size: 9.5, width: inner - LABEL }));
    pen.y -= 13 * lines.length + 2;
  };

  // Header: the letterhead, the voucher's number and issue date on the right.
  const letterhead = drawLetterhead(pen.page, { x: MARGIN, top: pen.y, right: PAGE_W - MARGIN, reserve: 170, image, agency: ctx.agency, regular, bold });
  const rightX = PAGE_W - MARGIN - 165;
  text(L("title").toUpperCase(), rightX, pen.y - 14, { font: bold, size: 18, width: 165, right: true });
  text(L("number", { number: v.number }), rightX, pen.y - 32, { font: bold, size: 12, width: 165, right: true });
  text(L("issued", { date: formatDateTime(issuedAt, lng, ctx.timeZone, "short") }), rightX, pen.y - 46, { size: 8, color: GRAY, width: 165, right: true });
  pen.y -= letterhead;
  rule(pen.y);
  pen.y -= 20;

  // The service.
  text(L(`kinds.${v.kind}`).toUpperCase(), MARGIN, pen.y, { size: 8.5, color: GRAY, width: inner });
  pen.y -= 18;
  for (const line of wrapText(v.title, bold, 15, inner)) {
    ensure(19);
    text(line, MARGIN, pen.y, { font: bold, size: 15, width: inner });
    pen.y -= 19;
  }
  pen.y -= 4;
  field(L("client"), v.client);
  field(L("provider"), v.provider ? [v.provider.name, v.provider.phone].filter(Boolean).join(" · ") : null);
  field(L("destination"), v.destination);
  if (v.departureAt) field(L("departure"), when(v.departureAt));
  if (v.returnAt) field(L("return"), when(v.returnAt));
  if (v.startDate || v.endDate) field(L("dates"), [v.startDate, v.endDate].filter((d): d is string => !!d).map(day).join(" – "));
  if (v.startTime || v.endTime) field(L("times"), [v.startTime, v.endTime].filter(Boolean).join(" – "));
  field(L("room"), v.room ? [v.room, v.mealPlan ? L(`mealPlans.${v.mealPlan}`) : null].filter(Boolean).join(" · ") : null);
  field(L("locator"), v.locator);
  if (v.segments.length) {
    field(
      L("flights"),
      v.segments
        .map((s) => L("flight", { flight: s.flight, from: s.from, to: s.to, departure: when(s.departureAt), arrival: formatTime(s.arrivalAt, lng, ctx.timeZone) }))
        .join("\n"),
    );
  }

  // The passengers.
  if (v.passengers.length) {
    section(L("passengers"));
    const excursion = v.kind === "excursion";
    const cols = excursion
      ? [
          { key: "name", label: L("name"), w: 0.3 },
          { key: "document", label: L("document"), w: 0.22 },
          { key: "seat", label: L("seat"), w: 0.1 },
          { key: "room", label: L("roomColumn"), w: 0.12 },
          { key: "boarding", label: L("boarding"), w: 0.26 },
        ]
      : [
          { key: "name", label: L("name"), w: 0.6 },
          { key: "document", label: L("document"), w: 0.4 },
        ];
    const header = () => {
      let x = MARGIN;
      for (const c of cols) {
        text(c.label, x, pen.y, { font: bold, size: 8.5, color: GRAY, width: c.w * inner - 6 });
        x += c.w * inner;
      }
      pen.y -= 13;
    };
    header();
    for (const p of v.passengers) {
      const cells: Record<string, string[]> = {
        name: [p.name],
        document: [documentLabel(p.document, L)],
        seat: [p.seat ?? "—"],
        room: [[p.roomType ? L(`roomTypes.${p.roomType}`) : null, p.roomLabel].filter(Boolean).join(" ")],
        boarding: p.boarding
          ? [p.boarding.at ? `${formatTime(p.boarding.at, lng, ctx.timeZone)} · ${p.boarding.place}` : p.boarding.place, p.boarding.at ? formatDate(p.boarding.at, lng, ctx.timeZone, "short") : "", p.boarding.address ?? ""].filter(Boolean)
          : [""],
      };
      // Long values (a boarding point's address) wrap inside their column.
      for (const c of cols) cells[c.key] = cells[c.key]!.flatMap((line, i) => (line ? wrapText(line, regular, i === 0 ? 9 : 8, c.w * inner - 6) : [line]));
      const height = Math.max(...cols.map((c) => cells[c.key]!.length)) * 11 + 4;
      if (pen.y - height < FOOTER) {
        ensure(height + 13);
        header();
      }
      let x = MARGIN;
      for (const c of cols) {
        cells[c.key]!.forEach((line, i) => text(line, x, pen.y - i * 11, { size: i === 0 ? 9 : 8, color: i === 0 ? undefined : GRAY, width: c.w * inner - 6 }));
        x += c.w * inner;
      }
      pen.y -= height;
      pen.page.drawLine({ start: { x: MARGIN, y: pen.y + 8 }, end: { x: PAGE_W - MARGIN, y: pen.y + 8 }, thickness: 0.25, color: RULE });
    }
  }

  // What is included, the agency's notes, the emergency contact.
  if (v.includes.length) {
    section(L("includes"));
    for (const item of v.includes) {
      const lines = wrapText(item, regular, 9.5, inner - 12);
      ensure(13 * lines.length);
      text("•", MARGIN + 2, pen.y, { size: 9.5 });
      lines.forEach((line, i) => text(line, MARGIN + 12, pen.y - i * 13, { size: 9.5, width: inner - 12 }));
      pen.y -= 13 * lines.length;
    }
  }
  if (v.notes) {
    section(L("notes"));
    for (const line of wrapText(v.notes, regular, 9.5, inner)) {
      ensure(13);
      text(line, MARGIN, pen.y, { size: 9.5, width: inner });
      pen.y -= 13;
    }
  }
  const contacts = [ctx.agency.phone, ctx.agency.email].filter(Boolean).join(" · ");
  if (contacts) {
    section(L("emergency"));
    ensure(13);
    text(L("emergencyText", { agency: ctx.agency.name, contacts }), MARGIN, pen.y, { size: 9.5, width: inner });
    pen.y -= 13;
  }

  // Every page: the "present this voucher" line and pen.page n of N.
  const pages = doc.getPages();
  const present = wrapText(L("present"), bold, 8.5, inner);
  pages.forEach((p, i) => {
    pen.page = p;
    pen.page.drawLine({ start: { x: MARGIN, y: MARGIN + 12 + present.length * 10 }, end: { x: PAGE_W - MARGIN, y: MARGIN + 12 + present.length * 10 }, thickness: 0.5, color: RULE });
    present.forEach((line, j) => text(line, MARGIN, MARGIN + 2 + (present.length - 1 - j) * 10, { font: bold, size: 8.5, width: inner }));
    text(L("page", { page: i + 1, pages: pages.length }), MARGIN, MARGIN - 12, { size: 7.5, color: GRAY, width: inner, right: true });
  });
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}
