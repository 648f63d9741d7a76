/**
 * A contract's PDF (issue #17), drawn with pdf-lib from the merged document: A4,
 * the agency and the contract's number on every page, headings, paragraphs (left,
 * centred, right or justified), list items with their markers, rules, bold /
 * italic / underlined runs, "page n of N" in the footer. The dates inside the file
 * are the generation instant, so the same contract drawn twice is the same bytes.
 *
 * The signed PDF is the original file's pages, untouched, plus a certificate page
 * with the evidence: who signed (name, CPF, e-mail), when, from where (IP, user
 * agent), how (drawn signature image or typed name), the one-time code when asked,
 * the events of the link, and the original's SHA-256.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import type { Align, MergedBlock, MergedDocument, Run } from "~/lib/contracts/document";
import { textWidth, winAnsiSafe } from "~/lib/kit/table-pdf.server";

const PAGE_W = 595.28;
const PAGE_H = 841.89;
const MARGIN_X = 56;
const MARGIN_TOP = 64;
const MARGIN_BOTTOM = 56;
const WIDTH = PAGE_W - 2 * MARGIN_X;
const BODY = 10;
const GRAY = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.75, 0.75, 0.75);
const INK = rgb(0.1, 0.1, 0.1);

type Fonts = { regular: PDFFont; bold: PDFFont; italic: PDFFont; boldItalic: PDFFont };

async function embedFonts(pdf: PDFDocument): Promise<Fonts> {
  const [regular, bold, italic, boldItalic] = await Promise.all([
    pdf.embedFont(StandardFonts.Helvetica),
    pdf.embedFont(StandardFonts.HelveticaBold),
    pdf.embedFont(StandardFonts.HelveticaOblique),
    pdf.embedFont(StandardFonts.HelveticaBoldOblique),
  ]);
  return { regular, bold, italic, boldItalic };
}

const fontOf = (fonts: Fonts, run: { bold?: boolean; italic?: boolean }) =>
  run.bold ? (run.italic ? fonts.boldItalic : fonts.bold) : run.italic ? fonts.italic : fonts.regular;

/** A word (or a space) with its style, measured. */
type Piece = { text: string; font: PDFFont; underline: boolean; width: number; space: boolean };
type Line = { pieces: Piece[]; width: number; last: boolean };

/** Lays runs out in lines of at most `width` at `size`: words kept whole unless longer than a line; "\n" breaks. */
export function layoutRuns(runs: readonly Run[], fonts: Fonts, size: number, width: number): Line[] {
  const lines: Line[] = [];
  let current: Piece[] = [];
  let currentWidth = 0;
  const push = (last: boolean) => {
    while (current.length && current[current.length - 1]!.space) currentWidth -= current.pop()!.width;
    lines.push({ pieces: current, width: currentWidth, last });
    current = [];
    currentWidth = 0;
  };
  for (const run of runs) {
    const font = fontOf(fonts, run);
    const underline = !!run.underline;
    const paragraphs = run.text.split("\n");
    paragraphs.forEach((part, index) => {
      if (index > 0) push(true);
      for (const token of part.match(/\s+|[^\s]+/g) ?? []) {
        const space = /^\s+$/.test(token);
        const text = space ? " " : winAnsiSafe(token, font);
        if (space && current.length === 0) continue;
        let w = textWidth(font, text, size);
        if (!space && currentWidth + w > width && current.length) push(false);
        if (!space && w > width) {
          // A word longer than the line: cut it where it overflows.
          let rest = text;
          while (textWidth(font, rest, size) > width) {
            let cut = rest.length - 1;
            while (cut > 1 && textWidth(font, rest.slice(0, cut), size) > width) cut--;
            current.push({ text: rest.slice(0, cut), font, underline, width: textWidth(font, rest.slice(0, cut), size), space: false });
            currentWidth += current[current.length - 1]!.width;
            push(false);
            rest = rest.slice(cut);
          }
          w = textWidth(font, rest, size);
          current.push({ text: rest, font, underline, width: w, space: false });
          currentWidth += w;
          continue;
        }
        if (space && currentWidth + w > width) {
          push(false);
          continue;
        }
        current.push({ text, font, underline, width: w, space });
        currentWidth += w;
      }
    });
  }
  push(true);
  return lines;
}

type Style = { size: number; lineHeight: number; before: number; after: number; indent: number; align: Align };

function styleOf(block: MergedBlock): Style {
  if (block.kind === "heading") {
    const size = block.level === 1 ? 15 : block.level === 2 ? 12.5 : 11;
    return { size, lineHeight: size * 1.3, before: block.level === 1 ? 6 : 10, after: 6, indent: 0, align: block.align };
  }
  if (block.kind === "item") return { size: BODY, lineHeight: 14, before: 0, after: 3, indent: 18 + block.depth * 16, align: "left" };
  return { size: BODY, lineHeight: 14, before: 0, after: 7, indent: 0, align: block.kind === "paragraph" ? block.align : "left" };
}

/** Draws pages of blocks; returns the document (footers are drawn by the caller once the page count is known). */
class Writer {
  page!: PDFPage;
  y = 0;
  pages: PDFPage[] = [];
  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: Fonts,
    readonly header: { left: string; right: string },
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.pdf.addPage([PAGE_W, PAGE_H]);
    this.pages.push(this.page);
    const { regular } = this.fonts;
    const left = winAnsiSafe(this.header.left, regular);
    const right = winAnsiSafe(this.header.right, regular);
    this.page.drawText(left, { x: MARGIN_X, y: PAGE_H - 36, size: 8, font: regular, color: GRAY });
    this.page.drawText(right, { x: PAGE_W - MARGIN_X - textWidth(regular, right, 8), y: PAGE_H - 36, size: 8, font: regular, color: GRAY });
    this.page.drawLine({ start: { x: MARGIN_X, y: PAGE_H - 42 }, end: { x: PAGE_W - MARGIN_X, y: PAGE_H - 42 }, thickness: 0.5, color: RULE });
    this.y = PAGE_H - MARGIN_TOP;
  }

  ensure(height: number) {
    if (this.y - height < MARGIN_BOTTOM) this.newPage();
  }

  block(block: MergedBlock) {
    if (block.kind === "rule") {
      this.ensure(14);
      this.y -= 6;
      this.page.drawLine({ start: { x: MARGIN_X, y: this.y }, end: { x: PAGE_W - MARGIN_X, y: this.y }, thickness: 0.5, color: RULE });
      this.y -= 8;
      return;
    }
    const style = styleOf(block);
    const runs = block.kind === "heading" ? block.runs.map((r) => ({ ...r, bold: true })) : block.runs;
    const width = WIDTH - style.indent;
    const lines = layoutRuns(runs, this.fonts, style.size, width);
    this.y -= style.before;
    lines.forEach((line, index) => {
      this.ensure(style.lineHeight);
      const baseline = this.y - style.size;
      if (index === 0 && block.kind === "item") {
        const marker = winAnsiSafe(block.marker, this.fonts.regular);
        this.page.drawText(marker, {
          x: MARGIN_X + style.indent - 4 - textWidth(this.fonts.regular, marker, style.size),
          y: baseline,
          size: style.size,
          font: this.fonts.regular,
          color: INK,
        });
      }
      const free = width - line.width;
      const gaps = line.pieces.filter((p) => p.space).length;
      const justify = style.align === "justify" && !line.last && gaps > 0;
      let x = MARGIN_X + style.indent + (style.align === "center" ? free / 2 : style.align === "right" ? free : 0);
      for (const piece of line.pieces) {
        if (piece.space) {
          x += piece.width + (justify ? free / gaps : 0);
          continue;
        }
        this.page.drawText(piece.text, { x, y: baseline, size: style.size, font: piece.font, color: INK });
        if (piece.underline) this.page.drawLine({ start: { x, y: baseline - 1.5 }, end: { x: x + piece.width, y: baseline - 1.5 }, thickness: 0.5, color: INK });
        x += piece.width;
      }
      this.y -= style.lineHeight;
    });
    this.y -= style.after;
  }
}

function footers(pages: PDFPage[], font: PDFFont, text: (n: number, count: number) => string) {
  pages.forEach((page, i) => {
    const line = winAnsiSafe(text(i + 1, pages.length), font);
    page.drawText(line, { x: PAGE_W - MARGIN_X - textWidth(font, line, 7.5), y: 30, size: 7.5, font, color: GRAY });
  });
}

export type ContractPdfInput = {
  title: string;
  document: MergedDocument;
  /** Header of every page: the agency, and the contract's name and number. */
  header: { left: string; right: string };
  /** "Página {{n}} de {{count}}" in the contract's language. */
  pageLabel: (n: number, count: number) => string;
  /** The generation instant (the file's dates). */
  generatedAt: string;
};

function setInfo(pdf: PDFDocument, title: string, at: string) {
  pdf.setTitle(title);
  pdf.setProducer("Rota");
  pdf.setCreator("Rota");
  pdf.setCreationDate(new Date(at));
  pdf.setModificationDate(new Date(at));
}

/** The contract as generated. */
export async function contractPdf(input: ContractPdfInput): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  setInfo(pdf, input.title, input.generatedAt);
  const fonts = await embedFonts(pdf);
  const writer = new Writer(pdf, fonts, input.header);
  for (const block of input.document.blocks) writer.block(block);
  footers(writer.pages, fonts.regular, input.pageLabel);
  return (await pdf.save({ useObjectStreams: false })) as Uint8Array<ArrayBuffer>;
}

export type CertificateInput = {
  title: string;
  header: { left: string; right: string };
  /** Label → value lines of the evidence, in the contract's language. */
  heading: string;
  intro: string;
  evidence: { label: string; value: string }[];
  events: { label: string; value: string }[];
  eventsHeading: string;
  signatureHeading: string;
  /** A drawn signature (PNG bytes) or a typed one. */
  signature: { kind: "drawn"; png: Uint8Array } | { kind: "typed"; text: string };
  footer: string;
  signedAt: string;
};

/** The original file's pages, unchanged, followed by the certificate page. */
export async function signedContractPdf(original: Uint8Array, input: CertificateInput): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  pdf.setModificationDate(new Date(input.signedAt));
  const fonts = await embedFonts(pdf);
  const writer = new Writer(pdf, fonts, input.header);
  const text = (value: string, font: PDFFont, size: number, x: number, width: number, color = INK) => {
    for (const line of layoutRuns([{ text: value, bold: font === fonts.bold }], fonts, size, width)) {
      writer.ensure(size + 4);
      writer.page.drawText(line.pieces.map((p) => p.text).join(""), { x, y: writer.y - size, size, font, color });
      writer.y -= size + 4;
    }
  };
  text(input.heading, fonts.bold, 15, MARGIN_X, WIDTH);
  writer.y -= 4;
  text(input.intro, fonts.regular, 9, MARGIN_X, WIDTH, GRAY);
  writer.y -= 8;
  const labelWidth = 150;
  const rows = (items: { label: string; value: string }[]) => {
    for (const item of items) {
      const top = writer.y;
      text(item.label, fonts.bold, 8.5, MARGIN_X, labelWidth - 8);
      const afterLabel = writer.y;
      writer.y = top;
      text(item.value, fonts.regular, 8.5, MARGIN_X + labelWidth, WIDTH - labelWidth);
      writer.y = Math.min(writer.y, afterLabel) - 3;
    }
  };
  rows(input.evidence);
  writer.y -= 10;
  text(input.signatureHeading, fonts.bold, 11, MARGIN_X, WIDTH);
  writer.ensure(90);
  if (input.signature.kind === "drawn") {
    const image = await pdf.embedPng(input.signature.png);
    const scale = Math.min(220 / image.width, 80 / image.height, 1);
    writer.page.drawImage(image, { x: MARGIN_X, y: writer.y - image.height * scale - 4, width: image.width * scale, height: image.height * scale });
    writer.y -= image.height * scale + 10;
  } else {
    const typed = winAnsiSafe(input.signature.text, fonts.boldItalic);
    writer.page.drawText(typed, { x: MARGIN_X, y: writer.y - 26, size: 22, font: fonts.boldItalic, color: rgb(0.05, 0.15, 0.45) });
    writer.y -= 34;
  }
  writer.page.drawLine({ start: { x: MARGIN_X, y: writer.y }, end: { x: MARGIN_X + 260, y: writer.y }, thickness: 0.5, color: INK });
  writer.y -= 18;
  text(input.eventsHeading, fonts.bold, 11, MARGIN_X, WIDTH);
  rows(input.events);
  writer.y -= 8;
  text(input.footer, fonts.regular, 8, MARGIN_X, WIDTH, GRAY);
  return (await pdf.save({ useObjectStreams: false })) as Uint8Array<ArrayBuffer>;
}
