/**
 * The zod field builders the hotel and air block schemas share: ids, money,
 * whole numbers, calendar days and date-times in the agency's zone.
 */
import { z } from "zod";
import { parseCents } from "~/lib/finance/money";
import { msg, optionalText } from "~/lib/kit/forms";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { blockErr, ID_PATTERN } from "~/lib/services/blocks";
import { localInputToUtc, svcErr } from "~/lib/services/fields";

/** A required id of a select (supplier...). */
export const requiredId = (error: string) =>
  z
    .string({ error })
    .trim()
    .min(1, error)
    .refine((v) => ID_PATTERN.test(v), error);

/** An optional id: empty is null. */
export const optionalId = () => optionalText(64).refine((v) => v === null || ID_PATTERN.test(v), msg.invalid);

/** Money typed as "1.234,56" (empty is 0) → integer cents. */
export const moneyField = () =>
  optionalText(24).transform((v, ctx) => {
    if (v === null) return 0;
    const cents = parseCents(v);
    if (cents === null) {
      ctx.addIssue({ code: "custom", message: svcErr.money });
      return z.NEVER;
    }
    return cents;
  });

/** A required whole number within bounds (`rangeError` when out of them). */
export const wholeField = (min: number, max: number, rangeError: string = blockErr.whole) =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(8, blockErr.whole)
    .refine((v) => /^[0-9]+$/.test(v), blockErr.whole)
    .transform((v) => Number.parseInt(v, 10))
    .refine((v) => v >= min && v <= max, rangeError);

/** A required calendar day "YYYY-MM-DD". */
export const requiredDay = () =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .refine((v) => parseCalendarDate(v) !== null, "registers.errors.date");

/** A required date-time typed in the zone → UTC ISO. */
export const requiredInstant = (timeZone: string) =>
  z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(20, svcErr.dateTime)
    .transform((v, ctx) => {
      const utc = localInputToUtc(v, timeZone);
      if (!utc) {
        ctx.addIssue({ code: "custom", message: svcErr.dateTime });
        return z.NEVER;
      }
      return utc;
    });

/** An optional date-time typed in the zone → UTC ISO or null. */
export const optionalInstant = (timeZone: string) =>
  optionalText(20).transform((v, ctx) => {
    if (v === null) return null;
    const utc = localInputToUtc(v, timeZone);
    if (!utc) {
      ctx.addIssue({ code: "custom", message: svcErr.dateTime });
      return z.NEVER;
    }
    return utc;
  });
