/** The service order form's schema, for the agency's time zone (server, and the browser on demand). */
import { z } from "zod";
import { RECEPTIVE_ORDER_STATUSES } from "~/db/schema/receptive";
import { msg, optionalText } from "~/lib/kit/forms";
import { versionField } from "~/lib/kit/fields";
import { orderErr } from "~/lib/receptive/order";
import { localInputToUtc } from "~/lib/services/fields";

const ID = /^[A-Za-z0-9_-]{1,64}$/;
const optionalId = () => optionalText(64).refine((v) => v === null || ID.test(v), msg.invalid);

const orderFields = (timeZone: string) => ({
  serviceId: z.string({ error: orderErr.service }).trim().min(1, orderErr.service).refine((v) => ID.test(v), orderErr.service),
  startsAt: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(25, orderErr.dateTime)
    .transform((v, ctx) => {
      const utc = localInputToUtc(v, timeZone);
      if (!utc) {
        ctx.addIssue({ code: "custom", message: orderErr.dateTime });
        return z.NEVER;
      }
      return utc;
    }),
  passengers: z
    .string({ error: msg.required })
    .trim()
    .min(1, msg.required)
    .max(5, orderErr.passengers)
    .refine((v) => /^[0-9]+$/.test(v) && Number(v) >= 1 && Number(v) <= 1000, orderErr.passengers)
    .transform(Number),
  reference: optionalText(200),
  pickup: optionalText(200),
  dropoff: optionalText(200),
  vehicleId: optionalId(),
  driverId: optionalId(),
  guideId: optionalId(),
  status: z.enum(RECEPTIVE_ORDER_STATUSES, { error: msg.invalid }),
  notes: optionalText(2000),
});

/** Nova ordem de serviço, for the agency's time zone. */
export const orderSchema = (timeZone: string) => z.object(orderFields(timeZone));
export const orderEditSchema = (timeZone: string) => z.object({ ...orderFields(timeZone), version: versionField() });
export type OrderInput = z.output<ReturnType<typeof orderSchema>>;

