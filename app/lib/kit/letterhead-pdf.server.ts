/**
 * The agency's letterhead on a document given to a client (the invoice, the
 * voucher): its logo (PNG or JPEG from R2), name, legal name, CNPJ, address and
 * contacts, drawn top-left with room kept on the right for the document's own
 * number and dates. One place for the agency's data, the logo's embedding and
 * the drawing, so every client document shows the agency the same way.
 */
import { eq } from "drizzle-orm";
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from "pdf-lib";
import { agency } from "~/db/schema";
import { fitText, textWidth, winAnsiSafe } from "~/lib/kit/table-pdf.server";
import { formatDocument } from "~/lib/platform/br-documents";
import type { Db } from "~/lib/platform/db.server";
import { detectImageType } from "~/lib/platform/files.server";

export type AgencyData = {
  name: string;
  legalName: string | null;
  cnpj: string | null;
  addressLine: string | null;
  city: string | null;
  state: string | null;
  postalCode: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
};

const EMPTY: AgencyData = { name: "", legalName: null, cnpj: null, addressLine: null, city: null, state: null, postalCode: null, phone: null, email: null, website: null };
const GRAY = rgb(0.4, 0.4, 0.4);
const RULE = rgb(0.78, 0.78, 0.78);

/** The agency's data and its logo's bytes (null when it has none, or it is gone from R2). */
export async function agencyLetterhead(db: Db, agencyId: string, bucket: R2Bucket): Promise<{ agency: AgencyData & { country: string }; logo: Uint8Array | null }> {
  const [a] = await db.select().from(agency).where(eq(agency.id, agencyId)).limit(1);
  let logo: Uint8Array | null = null;
  if (a?.logoKey) {
    const object = await bucket.get(a.logoKey);
    if (object) logo = new Uint8Array(await object.arrayBuffer());
  }
  return { agency: a ? { ...a, country: a.country } : { ...EMPTY, country: "BR" }, logo };
}

/** The logo embedded in `doc` (null: none, or not a PNG / JPEG pdf-lib can read). */
export async function embedLogo(doc: PDFDocument, logo: Uint8Array | null): Promise<PDFImage | null> {
  if (!logo) return null;
  const type = detectImageType(logo);
  try {
    if (type === "png") return await doc.embedPng(logo);
    if (type === "jpeg") return await doc.embedJpg(logo);
  } catch {
    return null;
  }
  return null;
}

/** The lines under the agency's name: legal name, CNPJ, address, contacts (the empty ones left out). */
export function agencyLines(a: AgencyData): string[] {
  return [
    a.legalName && a.legalName !== a.name ? a.legalName : null,
    a.cnpj ? `CNPJ ${formatDocument(a.cnpj)}` : null,
    [a.addressLine, [a.city, a.state].filter(Boolean).join("/"), a.postalCode].filter(Boolean).join(" · ") || null,
    [a.phone, a.email, a.website].filter(Boolean).join(" · ") || null,
  ].filter((l): l is string => !!l);
}

/**
 * Draws the letterhead from (`x`, `top`) leaving `reserve` points free on the
 * right of `right` (the page's right margin); returns the height it takes.
 */
export function drawLetterhead(
  page: PDFPage,
  o: { x: number; top: number; right: number; reserve: number; image: PDFImage | null; agency: AgencyData; regular: PDFFont; bold: PDFFont },
): number {
  let left = o.x;
  if (o.image) {
    const scale = Math.min(120 / o.image.width, 56 / o.image.height, 1);
    page.drawImage(o.image, { x: o.x, y: o.top - o.image.height * scale, width: o.image.width * scale, height: o.image.height * scale });
    left = o.x + o.image.width * scale + 12;
  }
  const width = o.right - o.reserve - left;
  const draw = (value: string, at: number, font: PDFFont, size: number, color = rgb(0, 0, 0)) => {
    const safe = fitText(winAnsiSafe(value, font), font, size, width);
    if (textWidth(font, safe, size) > 0) page.drawText(safe, { x: left, y: at, size, font, color });
  };
  const lines = agencyLines(o.agency);
  draw(o.agency.name, o.top - 12, o.bold, 13);
  lines.forEach((l, i) => draw(l, o.top - 26 - i * 11, o.regular, 8, GRAY));
  return Math.max(70, 30 + lines.length * 11, o.image ? 64 : 0);
}

/** A4 in points, and the margin the client documents keep. */
export const A4 = { width: 595.28, height: 841.89, margin: 42 } as const;

/** A client document (the invoice, the voucher): pdf-lib's A4 document with Helvetica, titled and dated, in its language. */
export async function clientPdf(meta: { title: string; author: string; language: string; createdAt: string }) {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  doc.setTitle(winAnsiSafe(meta.title, regular));
  doc.setAuthor(winAnsiSafe(meta.author, regular));
  doc.setCreator("Rota");
  doc.setProducer("Rota (pdf-lib)");
  doc.setLanguage(meta.language === "en" ? "en" : meta.language === "es" ? "es" : "pt-BR");
  doc.setCreationDate(new Date(meta.createdAt));
  return { doc, regular, bold };
}

export type TextOptions = { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; width?: number; right?: boolean };

/**
 * Writes a client document top to bottom on A4 pages: `y` is the pen's height on the
 * current `page`; `ensure(h)` starts a new page (and calls `onNewPage`) when h points
 * would cross `bottom`. Text goes through winAnsiSafe, fitted to `width` when given.
 */
export function pageWriter(doc: PDFDocument, regular: PDFFont, o: { bottom: number; onNewPage?: () => void }) {
  const { width: W, height: H, margin: M } = A4;
  const w = {
    page: doc.addPage([W, H]) as PDFPage,
    y: H - M,
    inner: W - 2 * M,
    text(value: string, x: number, at: number, t: TextOptions = {}) {
      const font = t.font ?? regular;
      const size = t.size ?? 9;
      // Arrows (a flight's route "GRU → SSA") have no WinAnsi glyph: written "->".
      let safe = winAnsiSafe(value.replaceAll("→", "->"), font);
      if (t.width !== undefined) safe = fitText(safe, font, size, t.width);
      const tw = textWidth(font, safe, size);
      w.page.drawText(safe, { x: t.right && t.width !== undefined ? x + t.width - tw : x, y: at, size, font, color: t.color ?? rgb(0, 0, 0) });
    },
    rule(at: number) {
      w.page.drawLine({ start: { x: M, y: at }, end: { x: W - M, y: at }, thickness: 0.5, color: RULE });
    },
    ensure(h: number) {
      if (w.y - h >= o.bottom) return;
      w.page = doc.addPage([W, H]);
      w.y = H - M;
      o.onNewPage?.();
    },
  };
  return w;
}
