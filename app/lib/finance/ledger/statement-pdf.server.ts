/**
 * The account statement as a printable PDF (issue #13, pdf-lib per ARCHITECTURE.md):
 * A4 portrait, the agency's name, the account and the period on every page, the
 * opening balance, each movement (date, movement and origin, inflow, outflow,
 * running balance), the closing balance and the period's totals; the table header
 * repeats on each page and every page says "page n of N". Money and dates in the
 * user's language. Pure over the statement data (no database, no request).
 *
 * Text is drawn with the standard Helvetica (WinAnsi: á, ç, ã, é, ó, ü, ñ… all
 * covered); any other character is replaced (accents dropped, typographic signs
 * mapped, the rest "?"), so no text a user typed can make the PDF throw
 * (winAnsiSafe and fitText, shared in kit/table-pdf.server.ts).
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { fitText as fit, textWidth, winAnsiSafe } from "~/lib/kit/table-pdf.server";
import type { accountStatement } from "~/lib/finance/ledger/reports.server";
import { formatCalendarDate, formatDateTime, formatMoney } from "~/lib/platform/format";
import { BASE_CURRENCY } from "~/lib/finance/fx";

export type AccountStatement = NonNullable<Awaited<ReturnType<typeof accountStatement>>>;
type Label = (key: string, values?: Record<string, string | number>) => string;

export type StatementPdfInput = {
  agencyName: string;
  statement: AccountStatement;
  /** The user's language (pt, en, es): money and dates follow it. */
  language: string;
  label: Label;
  /** When it was issued (ISO instant) and the agency's time zone, shown in the footer. */
  issuedAt: string;
  timeZone: string;
};

// A4 in points.
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 40;
const BODY = 8.5;
const SMALL = 7.5;
const LINE = 11;
const GRAY = rgb(0.4, 0.4, 0.4);
const RED = rgb(0.7, 0.1, 0.1);
const RULE = rgb(0.75, 0.75, 0.75);

type Column = { key: "date" | "movement" | "inflow" | "outflow" | "brl" | "balance"; width: number; right?: boolean };

/** The statement's PDF bytes. */
export async function statementPdf(input: StatementPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const { statement, language, label } = input;
  const currency = statement.account.currency;
  const money = (cents: number) => formatMoney(cents, currency, language);
  // A foreign-currency account shows each entry in reais too, at the entry's rate (decision 0018).
  const foreign = currency !== BASE_CURRENCY;
  const day = (iso: string) => formatCalendarDate(iso, language, "short");

  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const title = label("financeLedger.statement.title");
  doc.setTitle(winAnsiSafe(`${title} · ${statement.account.name}`, regular));
  doc.setAuthor(winAnsiSafe(input.agencyName, regular));
  doc.setCreator("Rota");
  doc.setProducer("Rota (pdf-lib)");
  doc.setLanguage(language === "en" ? "en" : language === "es" ? "es" : "pt-BR");

  const inner = PAGE_W - 2 * MARGIN;
  const fixed = 54 + 72 + 72 + 80 + (foreign ? 80 : 0);
  const columns: Column[] = [
    { key: "date", width: 54 },
    { key: "movement", width: inner - fixed },
    { key: "inflow", width: 72, right: true },
    { key: "outflow", width: 72, right: true },
    ...(foreign ? [{ key: "brl" as const, width: 80, right: true }] : []),
    { key: "balance", width: 80, right: true },
  ];
  const headings: Record<Column["key"], string> = {
    date: label("financeLedger.fields.date"),
    movement: label("financeLedger.statement.pdf.movementOrigin"),
    inflow: label("financeLedger.statement.inflows"),
    outflow: label("financeLedger.statement.outflows"),
    brl: label("fx.used.brl"),
    balance: label("financeLedger.fields.balance"),
  };

  let page: PDFPage;
  let y = 0;
  const text = (value: string, x: number, at: number, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; width?: number; right?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? BODY;
    let safe = winAnsiSafe(value, font);
    if (options.width !== undefined) safe = fit(safe, font, size, options.width - 4);
    const w = textWidth(font, safe, size);
    const left = options.right && options.width !== undefined ? x + options.width - 2 - w : x + 2;
    page.drawText(safe, { x: left, y: at, size, font, color: options.color ?? rgb(0, 0, 0) });
  };
  const rule = (at: number, thickness = 0.5) => page.drawLine({ start: { x: MARGIN, y: at }, end: { x: PAGE_W - MARGIN, y: at }, thickness, color: RULE });

  const period = label("financeLedger.statement.pdf.period", { from: day(statement.from), to: day(statement.to) });
  const accountLine = [statement.account.name, currency].join(" · ");
  const newPage = () => {
    page = doc.addPage([PAGE_W, PAGE_H]);
    y = PAGE_H - MARGIN;
    text(input.agencyName, MARGIN - 2, y - 12, { font: bold, size: 13, width: inner });
    y -= 28;
    text(title, MARGIN - 2, y, { font: bold, size: 11, width: inner });
    y -= 14;
    text(`${label("financeLedger.fields.account")}: ${accountLine}`, MARGIN - 2, y, { size: 9, width: inner });
    y -= 12;
    text(period, MARGIN - 2, y, { size: 9, width: inner });
    y -= 18;
    // The table header, on every page.
    rule(y + LINE - 1, 0.8);
    let x = MARGIN;
    for (const c of columns) {
      text(headings[c.key], x, y + 2, { font: bold, size: BODY, width: c.width, right: c.right });
      x += c.width;
    }
    y -= 5;
    rule(y + LINE - 5, 0.8);
    y -= LINE - 4;
  };
  const FOOTER_SPACE = MARGIN + 18;
  const ensure = (height: number) => {
    if (y - height < FOOTER_SPACE) newPage();
  };
  type Cells = Partial<Record<Column["key"], { value: string; font?: PDFFont; color?: ReturnType<typeof rgb> }>> & { note?: string };
  const row = (cells: Cells, strong = false) => {
    const height = LINE + (cells.note ? LINE - 2 : 0) + 2;
    ensure(height);
    let x = MARGIN;
    for (const c of columns) {
      const cell = cells[c.key];
      if (cell) text(cell.value, x, y, { font: cell.font ?? (strong ? bold : regular), width: c.width, right: c.right, color: cell.color });
      if (c.key === "movement" && cells.note) text(cells.note, x, y - (LINE - 2), { size: SMALL, width: c.width, color: GRAY });
      x += c.width;
    }
    y -= height;
    rule(y + LINE - 3, 0.25);
  };

  newPage();
  row({ date: { value: day(statement.from) }, movement: { value: label("financeLedger.statement.opening") }, balance: { value: money(statement.openingCents) } }, true);
  if (statement.rows.length === 0) row({ movement: { value: label("financeLedger.statement.noMovements"), color: GRAY } });
  for (const r of statement.rows) {
    const kind = label(`financeLedger.entryKinds.${r.kind}`);
    const origin = r.titleDescription
      ? `${r.titleDescription}${r.installmentCount && r.installmentCount > 1 ? ` ${r.installmentNo}/${r.installmentCount}` : ""}`
      : r.counterpartName
        ? label("financeLedger.statement.counterpart", { name: r.counterpartName })
        : "";
    const note = [origin, r.categoryName ?? ""].filter(Boolean).join(" · ");
    row({
      date: { value: day(r.date) },
      movement: { value: r.description ? `${kind}: ${r.description}` : kind },
      ...(r.netCents >= 0 ? { inflow: { value: money(r.netCents) } } : { outflow: { value: money(-r.netCents), color: RED } }),
      ...(foreign ? { brl: r.amountBrlCents === null ? { value: label("fx.used.none"), color: GRAY } : { value: formatMoney(r.amountBrlCents, BASE_CURRENCY, language), color: r.amountBrlCents < 0 ? RED : undefined } } : {}),
      balance: { value: money(r.balanceCents), color: r.balanceCents < 0 ? RED : undefined },
      ...(note ? { note } : {}),
    });
  }
  row(
    {
      date: { value: day(statement.to) },
      movement: { value: label("financeLedger.statement.closing") },
      inflow: { value: money(statement.inflowCents) },
      outflow: { value: money(statement.outflowCents) },
      balance: { value: money(statement.closingCents), color: statement.closingCents < 0 ? RED : undefined },
    },
    true,
  );
  if (statement.cut) {
    ensure(LINE * 2);
    y -= 4;
    text(label("financeLedger.statement.cut", { count: statement.rows.length }), MARGIN - 2, y, { size: SMALL, color: RED, width: inner });
  }

  // Footers once the page count is known.
  const pages = doc.getPages();
  const issued = label("financeLedger.statement.pdf.issued", { date: formatDateTime(input.issuedAt, language, input.timeZone) });
  pages.forEach((p, i) => {
    page = p;
    rule(MARGIN + 8, 0.5);
    text(issued, MARGIN - 2, MARGIN - 2, { size: SMALL, color: GRAY, width: inner / 2 });
    text(label("financeLedger.statement.pdf.page", { page: i + 1, pages: pages.length }), MARGIN + inner / 2, MARGIN - 2, { size: SMALL, color: GRAY, width: inner / 2, right: true });
  });

  // No object streams: plain objects, readable by the simplest tools (and the tests).
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

export { winAnsiSafe };
