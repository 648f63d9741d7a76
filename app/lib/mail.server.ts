/**
 * Every mail the product sends goes through the outbox (DOMAIN.md). The local
 * default transport delivers nowhere: mails stay visible in the development
 * mailbox (/dev/mailbox). Real transports are configured per agency.
 */
import { emailOutbox } from "../../db/schema";
import type { Db } from "./db.server";
import type { Language } from "~/locales";

export type OutgoingMail = {
  agencyId: string | null;
  kind: string;
  to: string;
  locale: Language;
  subject: string;
  text: string;
  html?: string;
};

export function outboxInsert(db: Db, mail: OutgoingMail) {
  return db.insert(emailOutbox).values({
    agencyId: mail.agencyId,
    kind: mail.kind,
    toAddress: mail.to,
    locale: mail.locale,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? null,
    status: "local",
  });
}

export async function enqueueMail(db: Db, mail: OutgoingMail) {
  await outboxInsert(db, mail);
}
