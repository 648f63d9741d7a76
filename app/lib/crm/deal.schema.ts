/**
 * The deal forms' schemas (server, and the browser on demand): the deal itself (a client
 * picked, or a lead's contact), a logged activity, a move on the board. What needs the
 * database (the client and owner of the agency, the stage's kind) is checked by
 * deal.server.ts.
 */
import { z } from "zod";
import { DEAL_SOURCES, LOGGED_ACTIVITY_KINDS } from "~/db/schema/crm";
import { versionField } from "~/lib/kit/fields";
import { msg, optionalEmail, optionalText, requiredText } from "~/lib/kit/forms";
import { parseCalendarDate } from "~/lib/platform/time-zone";
import { DEAL_ID, dealErr } from "~/lib/crm/deal";
import { optionalMoney } from "~/lib/services/fields.schema";

const optionalId = () => optionalText(64).refine((v) => v === null || DEAL_ID.test(v), msg.invalid);
const idField = () => z.string({ error: msg.invalid }).trim().min(1, msg.invalid).max(64, msg.invalid).refine((v) => DEAL_ID.test(v), msg.invalid);

const day = () =>
  optionalText(10).transform((v, ctx) => {
    if (v === null) return null;
    if (!parseCalendarDate(v)) {
      ctx.addIssue({ code: "custom", message: dealErr.date });
      return z.NEVER;
    }
    return v;
  });

const dealFields = {
  title: requiredText(200),
  clientId: optionalId(),
  leadName: optionalText(200),
  leadPhone: optionalText(30).refine((v) => v === null || /^[0-9+()\s.-]{6,30}$/.test(v), msg.invalid),
  leadEmail: optionalEmail(),
  stageId: optionalId(),
  destination: optionalText(200),
  travelStart: day(),
  travelEnd: day(),
  passengers: optionalText(4)
    .transform((v, ctx) => {
      if (v === null) return 1;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 999) {
        ctx.addIssue({ code: "custom", message: msg.invalid });
        return z.NEVER;
      }
      return n;
    }),
  value: optionalMoney().transform((v) => v ?? 0),
  expectedCloseDate: day(),
  ownerUserId: optionalId(),
  source: z.enum(DEAL_SOURCES, { error: msg.invalid }).default("other"),
  lostReason: optionalText(500),
  notes: optionalText(4000),
};

type Shape = { clientId: string | null; leadName: string | null; travelStart: string | null; travelEnd: string | null; value: number };

function refineDeal(v: Shape, ctx: z.RefinementCtx) {
  if (!v.clientId && !v.leadName) ctx.addIssue({ code: "custom", path: ["leadName"], message: dealErr.contact });
  if (v.travelStart && v.travelEnd && v.travelEnd < v.travelStart) ctx.addIssue({ code: "custom", path: ["travelEnd"], message: dealErr.dates });
  if (v.value > 100_000_000_000) ctx.addIssue({ code: "custom", path: ["value"], message: dealErr.money });
}

export const dealSchema = z.object(dealFields).superRefine(refineDeal);
export const dealEditSchema = z.object({ ...dealFields, version: versionField() }).superRefine(refineDeal);
export type DealInput = z.output<typeof dealSchema>;

/** A note, call, e-mail, WhatsApp message or meeting logged on the timeline. */
export const activitySchema = z.object({
  kind: z.enum(LOGGED_ACTIVITY_KINDS, { error: msg.invalid }),
  body: requiredText(4000),
});
export type ActivityInput = z.output<typeof activitySchema>;

/** A card moved on the board: to a stage, after a card (or first), from the version seen. */
export const moveSchema = z.object({
  deal: idField(),
  stage: idField(),
  after: optionalId(),
  before: optionalId(),
  version: versionField(),
  lostReason: optionalText(500),
});
export type MoveInput = z.output<typeof moveSchema>;
