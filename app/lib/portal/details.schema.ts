/**
 * The portal's "Meus dados" form (issue #21 item 5): the client's contact fields of the
 * register (the same rules as the staff form) and the marketing consent (LGPD).
 */
import { z } from "zod";
import { brAddress, checkboxField, checkBrAddress } from "~/lib/kit/fields";
import { clientContactFields } from "~/lib/registers/client.schema";

export const portalDetailsSchema = z
  .object({ ...clientContactFields, marketingConsent: checkboxField() })
  .superRefine((v, ctx) => checkBrAddress(v, ctx))
  .transform((v) => brAddress(v));

export type PortalDetailsInput = z.output<typeof portalDetailsSchema>;
