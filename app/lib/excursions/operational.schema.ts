/** The operational view's post (finalize or reopen the manifest): its action validates with it, the page posts plain buttons. */
import { z } from "zod";
import { OPERATIONAL_INTENTS } from "~/lib/excursions/operational";

export const operationalIntentSchema = z.object({ intent: z.enum(OPERATIONAL_INTENTS) });
