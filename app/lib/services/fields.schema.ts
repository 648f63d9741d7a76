/**
 * The zod field builders every service form with a price grid shares
 * (packages, excursions): money, lines, posted rows, the grid, date-times in
 * the agency's zone. Server code and the forms' schemas (loaded on demand in
 * the browser) import them; components take fields.ts instead.
 */
import { z } from "zod";
import { AGE_BANDS, PACKAGE_ROOM_TYPES } from "~/db/schema/services";
import { parseCents } from "~/lib/finance/money";
import { MAX_POSTED_ROWS, msg, optionalText } from "~/lib/kit/forms";
import { localInputToUtc, svcErr } from "~/lib/services/fields";

/** An optional amount of money typed as "1.234,56" → integer cents (empty: null); negative or malformed refused. */
export const optionalMoney = () =>
  optionalText(24).transform((v, ctx) => {
    if (v === null) return null;
    const cents = parseCents(v);
    if (cents === null || cents < 0) {
      ctx.addIssue({ code: "custom", message: svcErr.money });
      return z.NEVER;
    }
    return cents;
  });

/** Lines of a textarea (includes, excludes): trimmed, empty lines dropped, at most `max` of ≤ 200 characters. */
export const textLines = (max: number, tooMany: string) =>
  z
    .string()
    .max(max * 210, msg.tooLong)
    .optional()
    .transform((v) =>
      (v ?? "")
        .split(/\r?\n/)
        .map((s) => s.trim().replace(/\s+/g, " "))
        .filter(Boolean),
    )
    .refine((l) => l.length <= max, tooMany)
    .refine((l) => l.every((s) => s.length <= 200), msg.tooLong);

/** A list of posted rows: at most MAX_POSTED_ROWS, rows left empty dropped by the caller. */
export const postedRows = <S extends z.ZodType>(row: S, tooMany: string) => z.array(row.optional()).max(MAX_POSTED_ROWS, tooMany).optional();

/** The price grid: prices.<roomType>.<ageBand> = "1.234,56" (empty: not sold). */
export const priceGridField = () =>
  z
    .object(Object.fromEntries(PACKAGE_ROOM_TYPES.map((room) => [room, z.object(Object.fromEntries(AGE_BANDS.map((age) => [age, optionalMoney()]))).optional()])))
    .optional();

/** A date-time typed in the zone → its UTC instant; empty → null (or "required"), malformed → an error. */
export const localDateTime = (timeZone: string, required: boolean) =>
  optionalText(20).transform((v, ctx) => {
    if (v === null) {
      if (required) ctx.addIssue({ code: "custom", message: msg.required });
      return required ? z.NEVER : null;
    }
    const utc = localInputToUtc(v, timeZone);
    if (!utc) {
      ctx.addIssue({ code: "custom", message: svcErr.dateTime });
      return z.NEVER;
    }
    return utc;
  });
