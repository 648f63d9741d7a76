/**
 * Printable PDFs with pdf-lib (ARCHITECTURE.md): the text helpers every PDF of
 * the app uses (text outside the standard fonts' WinAnsi replaced, never a
 * throw; text cut with "…" to fit) and a plain A4 table document — heading
 * lines, a table whose header repeats on every page, "page n of N" and the
 * issue date in the footer — for lists sent to partners (the rooming list for
 * a hotel, the passenger list for an airline, an excursion's ANTT manifest
 * with its signature line). The account statement
 * (finance/ledger/statement-pdf.server.ts) draws its own layout with the same
 * helpers.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";

/** Characters outside WinAnsi that have an obvious stand-in. */
const STAND_INS: Record<string, string> = {
  "\u2212": "-",
  "\u2010": "-",
  "\u2011": "-",
  "\u202f": " ",
  "\u2009": " ",
  "\u2007": " ",
  "\u200b": "",
  "\t": " ",
  "\n": " ",
  "\r": " ",
};

/** `text` with every character the font cannot draw replaced: stand-ins, accents dropped, else "?". */
export function winAnsiSafe(text: string, font: PDFFont): string {
  const supported = charsetOf(font);
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const code = ch.codePointAt(0)!;
    if (supported.has(code)) {
      out += ch;
      continue;
    }
    if (ch in STAND_INS) {
      out += STAND_INS[ch];
      continue;
    }
    const base = ch.normalize("NFD").replace(/\p{M}/gu, "");
    out += base && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : code < 0x20 ? " " : "?";
  }
  return out;
}

const charsets = new WeakMap<PDFFont, Set<number>>();
function charsetOf(font: PDFFont): Set<number> {
  let set = charsets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    charsets.set(font, set);
  }
  return set;
}

const advances = new WeakMap<PDFFont, Map<string, number>>();
/**
 * The width `text` takes when drawn. pdf-lib's widthOfTextAtSize subtracts the
 * standard fonts' kerning pairs, but drawText does not kern, so a word like
 * "CONTRATANTE" is drawn wider than measured; this sums the characters' own widths.
 */
export function textWidth(font: PDFFont, text: string, size: number): number {
  let cache = advances.get(font);
  if (!cache) advances.set(font, (cache = new Map()));
  let units = 0;
  for (const ch of text) {
    let w = cache.get(ch);
    if (w === undefined) cache.set(ch, (w = font.widthOfTextAtSize(ch, 1000)));
    units += w;
  }
  return (units * size) / 1000;
}

/** `text` cut with "…" to fit `width` at `size`. */
export function fitText(text: string, font: PDFFont, size: number, width: number): string {
  if (textWidth(font, text, size) <= width) return text;
  let lo = 0;
  let hi = text.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(font, `${text.slice(0, mid)}…`, size) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

/** `text` made WinAnsi-safe and broken into lines of at most `width` at `size`: at its line breaks, then by words; a word wider than a line is cut with "…". */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const para of text.split(/\r?\n/)) {
    let current = "";
    for (const word of winAnsiSafe(para, font).split(/\s+/).filter(Boolean)) {
      const next = current ? `${current} ${word}` : word;
      if (textWidth(font, next, size) > width && current) {
        lines.push(current);
        current = fitText(word, font, size, width);
      } else current = textWidth(font, next, size) > width ? fitText(next, font, size, width) : next;
    }
    lines.push(current);
  }
  return lines;
}

// A4 in points.
const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN = 40;
const BODY = 8.5;
const SMALL = 7.5;
const LINE = 11;
const GRAY = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.75, 0.75, 0.75);

export type TableColumn = { key: string; label: string; /** Relative width. */ weight: number; right?: boolean };
/** A row: its cells by column key; a cell may span several lines (a room's guests). */
export type TableRow = { cells: Record<string, string | string[]>; muted?: boolean };

export type TablePdfInput = {
  /** The first line, bold (the agency). */
  heading: string;
  /** The document's title (bold), then smaller lines (the hotel, the period...). */
  title: string;
  lines: string[];
  columns: TableColumn[];
  rows: TableRow[];
  /** Shown instead of rows when there are none. */
  emptyText: string;
  /** The footer: "Issued on …" and "Page {{page}} of {{pages}}" as the caller's language says them. */
  issued: string;
  pageLabel: (page: number, pages: number) => string;
  /** pt, en or es (the document's language tag). */
  language: string;
  author: string;
  /** A signature line after the table, with the lines under it (who signs: "Responsável pela transportadora", "Nome / CPF"). */
  signature?: string[];
};

/** The table document's bytes. */
export async function tablePdf(input: TablePdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(winAnsiSafe(`${input.title} · ${input.lines[0] ?? input.heading}`, regular));
  doc.setAuthor(winAnsiSafe(input.author, regular));
  doc.setCreator("Rota");
  doc.setProducer("Rota (pdf-lib)");
  doc.setLanguage(input.language === "en" ? "en" : input.language === "es" ? "es" : "pt-BR");

  const inner = PAGE_W - 2 * MARGIN;
  const total = input.columns.reduce((n, c) => n + c.weight, 0);
  const widths = input.columns.map((c) => (c.weight / total) * inner);
  let page: PDFPage;
  let y = 0;
  const text = (value: string, x: number, at: number, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; width?: number; right?: boolean } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? BODY;
    let safe = winAnsiSafe(value, font);
    if (options.width !== undefined) safe = fitText(safe, font, size, options.width - 4);
    const w = textWidth(font, safe, size);
    const left = options.right && options.width !== undefined ? x + options.width - 2 - w : x + 2;
    page.drawText(safe, { x: left, y: at, size, font, color: options.color ?? rgb(0, 0, 0) });
  };
  const signLine = (at: number) => page.drawLine({ start: { x: MARGIN, y: at }, end: { x: MARGIN + 240, y: at }, thickness: 0.7, color: rgb(0, 0, 0) });
  const rule = (at: number, thickness = 0.5) => page.drawLine({ start: { x: MARGIN, y: at }, end: { x: PAGE_W - MARGIN, y: at }, thickness, color: RULE });
  const newPage = () => {
    page = doc.addPage([PAGE_W, PAGE_H]);
    y = PAGE_H - MARGIN;
    text(input.heading, MARGIN - 2, y - 12, { font: bold, size: 13, width: inner });
    y -= 28;
    text(input.title, MARGIN - 2, y, { font: bold, size: 11, width: inner });
    y -= 14;
    for (const line of input.lines) {
      text(line, MARGIN - 2, y, { size: 9, width: inner });
      y -= 12;
    }
    y -= 6;
    rule(y + LINE - 1, 0.8);
    let x = MARGIN;
    input.columns.forEach((c, i) => {
      text(c.label, x, y + 2, { font: bold, width: widths[i], right: c.right });
      x += widths[i]!;
    });
    y -= 5;
    rule(y + LINE - 5, 0.8);
    y -= LINE - 4;
  };
  const FOOTER_SPACE = MARGIN + 18;
  newPage();
  if (input.rows.length === 0) {
    text(input.emptyText, MARGIN, y, { color: GRAY, width: inner });
    y -= LINE;
  }
  for (const row of input.rows) {
    const cellLines = input.columns.map((c) => {
      const v = row.cells[c.key] ?? "";
      return Array.isArray(v) ? (v.length > 0 ? v : [""]) : [v];
    });
    const height = Math.max(...cellLines.map((l) => l.length)) * LINE + 2;
    if (y - height < FOOTER_SPACE) newPage();
    let x = MARGIN;
    input.columns.forEach((c, i) => {
      cellLines[i]!.forEach((line, j) => text(line, x, y - j * LINE, { width: widths[i], right: c.right, color: row.muted ? GRAY : undefined }));
      x += widths[i]!;
    });
    y -= height;
    rule(y + LINE - 3, 0.25);
  }
  if (input.signature && input.signature.length > 0) {
    const needed = 44 + input.signature.length * LINE;
    if (y - needed < FOOTER_SPACE) newPage();
    y -= 36;
    signLine(y);
    y -= LINE;
    for (const line of input.signature) {
      text(line, MARGIN - 2, y, { width: 300 });
      y -= LINE;
    }
  }
  const pages = doc.getPages();
  pages.forEach((p, i) => {
    page = p;
    rule(MARGIN + 8, 0.5);
    text(input.issued, MARGIN - 2, MARGIN - 2, { size: SMALL, color: GRAY, width: inner / 2 });
    text(input.pageLabel(i + 1, pages.length), MARGIN + inner / 2, MARGIN - 2, { size: SMALL, color: GRAY, width: inner / 2, right: true });
  });
  // No object streams: plain objects, readable by the simplest tools (and the tests).
  return new Uint8Array(await doc.save({ useObjectStreams: false }));
}

/** A PDF download answer. */
export function pdfResponse(bytes: Uint8Array<ArrayBuffer>, filename: string): Response {
  return new Response(bytes, {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
