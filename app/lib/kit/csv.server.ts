/**
 * CSV files (export of a list's current filter, import templates): papaparse
 * writes them with a UTF-8 BOM and ";" so that Excel in pt-BR opens them
 * correctly; the reader accepts ";" or "," (papaparse detects it).
 */
import Papa from "papaparse";

export const CSV_DELIMITER = ";";

/**
 * Cells a spreadsheet would run as a formula get a leading "'" (CSV injection);
 * plain numbers such as "-23.5349" or "+5511912345678" are left alone.
 */
const FORMULA = /^(?![-+]?\d+(?:[.,]\d+)?$)[=+\-@\t\r]/;

/** A streamed CSV download: the header, then each batch of records as it comes. */
export function csvResponse(filename: string, columns: readonly string[], batches: AsyncIterable<Record<string, string>[]>): Response {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${Papa.unparse([columns as string[]], { delimiter: CSV_DELIMITER })}\r\n`));
      for await (const batch of batches) {
        if (batch.length === 0) continue;
        const text = Papa.unparse(batch, { delimiter: CSV_DELIMITER, columns: columns as string[], header: false, escapeFormulae: FORMULA });
        controller.enqueue(encoder.encode(`${text}\r\n`));
      }
      controller.close();
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}

export type ParsedCsv = {
  records: Record<string, string>[];
  /** The spreadsheet row of each record (the header is row 1; empty rows count, as in Excel). */
  lines: number[];
  fields: string[];
  errors: { line: number; message: string }[];
};

/** The "'" an export put before a formula-like cell (FORMULA) is taken off again. */
const unescapeFormula = (value: string) => (/^'[=+\-@\t\r]/.test(value) ? value.slice(1) : value);

/** Parses a CSV text with a header row (BOM, ";" or ",", quoted cells). */
export function parseCsv(text: string): ParsedCsv {
  const body = text.replace(/^\uFEFF/, "");
  // The header row says the delimiter (papaparse's guess can be misled by quoted cells with ";" and line breaks).
  const header = body.slice(0, body.search(/\r?\n|$/));
  const delimiter = header.includes(";") ? ";" : header.includes("\t") ? "\t" : ",";
  const result = Papa.parse<Record<string, string>>(body, {
    header: true,
    delimiter,
    skipEmptyLines: false,
    transformHeader: (h) => h.trim(),
    transform: (value) => unescapeFormula(value),
  });
  const records: Record<string, string>[] = [];
  const lines: number[] = [];
  result.data.forEach((record, i) => {
    // Empty rows (also ";;;" as spreadsheets write them) are skipped but keep their number.
    if (Object.values(record).every((v) => (v ?? "").trim() === "")) return;
    records.push(record);
    lines.push(i + 2);
  });
  return {
    records,
    lines,
    fields: result.meta.fields ?? [],
    // Errors of rows skipped as empty (a trailing line break) are not errors.
    errors: result.errors.filter((e) => e.row === undefined || lines.includes(e.row + 2)).map((e) => ({ line: (e.row ?? 0) + 2, message: e.message })),
  };
}
