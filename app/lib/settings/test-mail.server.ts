/**
 * The test mail of Parametrização → E-mail: written to the outbox like every
 * mail, then delivered at once (not after the response): the admin waits for
 * the outcome.
 */
import { queueMail } from "~/lib/platform/mail.server";
import type { Language } from "~/locales";
import type { AgencyDb } from "~/lib/settings/email-settings.server";
import { deliverMail, type DeliveryResult } from "~/lib/settings/outbox.server";

export async function sendTestMail(
  scope: AgencyDb,
  ctx: { agencyName: string; encryptionKey: string },
  mail: { to: string; locale: Language; subject: string; text: string },
): Promise<DeliveryResult> {
  const id = await queueMail(scope.db, { agencyId: scope.agencyId, kind: "test", ...mail });
  const result = await deliverMail(scope.db, { agencyId: scope.agencyId, ...ctx }, id);
  // The mail was written just now under this agency: it is there.
  if (!result.ok) throw new Error("the test mail vanished from the outbox");
  return result.delivery;
}
