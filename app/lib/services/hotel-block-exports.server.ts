/**
 * The rooming list for the hotel: CSV (one line per room) and a printable A4
 * PDF (the agency, the hotel, the period and meal plan; each room with its
 * type, number, occupancy and guests; page n of N). Texts and dates in the
 * user's language.
 */
import { csvResponse } from "~/lib/kit/csv.server";
import { pdfResponse, tablePdf } from "~/lib/kit/table-pdf.server";
import { formatCalendarDate, formatDateTime } from "~/lib/platform/format";
import { nightsBetween, ROOMING_CSV_COLUMNS, type RoomingCsvColumn } from "~/lib/services/hotel-block";
import type { RoomingSheet } from "~/lib/services/hotel-block.server";

type Label = (key: string, values?: Record<string, string | number>) => string;

const fileBase = (sheet: RoomingSheet) => `rooming-${sheet.block.checkIn}-${sheet.block.id.slice(-6)}`;

/** The rooming list as CSV: one line per room, guests separated by " | ". */
export function roomingCsv(sheet: RoomingSheet, label: Label): Response {
  const plan = label(`services.mealPlans.${sheet.block.mealPlan}`);
  const rows = sheet.rooms.map(
    (r): Record<RoomingCsvColumn, string> => ({
      roomType: r.roomTypeName,
      room: String(r.roomIndex),
      occupancy: String(r.occupancy),
      guests: r.guests.map((g) => g.name).join(" | "),
      checkIn: sheet.block.checkIn,
      checkOut: sheet.block.checkOut,
      mealPlan: plan,
      notes: r.notes ?? "",
    }),
  );
  async function* batches() {
    yield rows;
  }
  return csvResponse(`${fileBase(sheet)}.csv`, ROOMING_CSV_COLUMNS, batches());
}

/** The rooming list as a printable PDF. */
export async function roomingPdf(sheet: RoomingSheet, options: { agencyName: string; language: string; label: Label; issuedAt: string; timeZone: string }): Promise<Response> {
  const { label, language } = options;
  const { block } = sheet;
  const day = (d: string) => formatCalendarDate(d, language, "short");
  const bytes = await tablePdf({
    heading: options.agencyName,
    author: options.agencyName,
    title: `${label("services.hotelBlocks.pdf.title")} · ${block.title}`,
    lines: [
      [sheet.hotelName, sheet.destinationName].filter(Boolean).join(" · "),
      label("services.hotelBlocks.pdf.period", { checkIn: day(block.checkIn), checkOut: day(block.checkOut), nights: nightsBetween(block.checkIn, block.checkOut) }),
      label("services.hotelBlocks.pdf.mealPlan", { plan: label(`services.mealPlans.${block.mealPlan}`) }),
    ],
    columns: [
      { key: "type", label: label("services.hotelBlocks.pdf.type"), weight: 3 },
      { key: "room", label: label("services.hotelBlocks.pdf.room"), weight: 1, right: true },
      { key: "occupancy", label: label("services.hotelBlocks.pdf.occupancy"), weight: 1, right: true },
      { key: "guests", label: label("services.hotelBlocks.pdf.guests"), weight: 7 },
    ],
    rows: sheet.rooms.map((r) => ({
      cells: {
        type: r.roomTypeName,
        room: String(r.roomIndex),
        occupancy: String(r.occupancy),
        guests: r.guests.length > 0 ? r.guests.map((g) => g.name) : label("services.hotelBlocks.pdf.empty"),
      },
      muted: r.guests.length === 0,
    })),
    emptyText: label("services.hotelBlocks.pdf.none"),
    issued: label("services.blocks.pdfFooter.issued", { date: formatDateTime(options.issuedAt, language, options.timeZone) }),
    pageLabel: (page, pages) => label("services.blocks.pdfFooter.page", { page, pages }),
    language,
  });
  return pdfResponse(bytes, `${fileBase(sheet)}.pdf`);
}
