/**
 * Reserving an excursion through the client portal (issue #21 item 2; decision 0021): the
 * form's rules, shared by the server and the browser. Messages are translation keys
 * (portal.reserve.errors.*) shown in the client's language. What needs the database (places
 * left, the seat map, the boarding point being the trip's) is checked by reserve.server.ts.
 */
import { z } from "zod";
import { msg, optionalText } from "~/lib/kit/forms";
import { PORTAL_RESERVE_MAX, reserveErr } from "~/lib/portal/reserve";

const id = () => optionalText(64).refine((v) => v === null || /^[A-Za-z0-9_-]+$/.test(v), msg.invalid);

export const portalReserveSchema = z
  .object({
    places: z.coerce.number({ error: reserveErr.places }).int(reserveErr.places).min(1, reserveErr.places).max(PORTAL_RESERVE_MAX, reserveErr.places),
    boardingId: id(),
    /** The seats picked on the map (numbers as text), one per place, when the trip has numbered seats. */
    seats: z.array(z.string({ error: reserveErr.seat }).trim().regex(/^\d{1,3}$/, reserveErr.seat)).max(PORTAL_RESERVE_MAX, reserveErr.seats).default([]),
    /** The other passengers' names: the client is the first passenger. */
    names: z.array(z.string({ error: reserveErr.name }).trim().min(2, reserveErr.name).max(120, msg.tooLong)).max(PORTAL_RESERVE_MAX, reserveErr.name).default([]),
    /** The CRM deal of the "quero reservar" request, carried from the public page. */
    negocio: id(),
  })
  .superRefine((v, ctx) => {
    for (let i = v.names.length; i < v.places - 1; i++) ctx.addIssue({ code: "custom", path: ["names", i], message: reserveErr.name });
    if (v.names.length > Math.max(0, v.places - 1)) ctx.addIssue({ code: "custom", path: ["places"], message: reserveErr.places });
    if (v.seats.length > 0 && (v.seats.length !== v.places || new Set(v.seats).size !== v.seats.length)) ctx.addIssue({ code: "custom", path: ["seats"], message: reserveErr.seats });
  });
export type PortalReserveInput = z.output<typeof portalReserveSchema>;
