/** The fake SMTP server (smtp-server.ts) from the tests' side: point an agency at it, read what arrived. */
import { env } from "cloudflare:test";
import { v7 as uuidv7 } from "uuid";
import { expect, inject } from "vitest";
import { appRequest } from "./harness";
import type { SmtpMessage } from "./smtp-server";

export const smtp = inject("smtp");
const EMAIL = "/parametrizacao/email";

/** The messages the fake server received for `to`. */
export const received = async (to: string) => (await (await fetch(`${smtp.inbox}/messages?to=${encodeURIComponent(to)}`)).json()) as SmtpMessage[];

/** Saves the agency's SMTP settings (the fake server) through the settings screen as its Admin; returns the SMTP user and sender. */
export async function useSmtp(w: { agency: { id: string; name: string }; cookie: string }, changes: Record<string, string> = {}) {
  const row = await env.DB.prepare("select version from email_settings where agency_id = ?").bind(w.agency.id).first<{ version: number }>();
  const user = `mailer-${uuidv7().slice(-12)}`;
  const form = {
    intent: "save",
    version: String(row?.version ?? 0),
    senderName: `Reservas ${w.agency.name}`,
    senderEmail: `reservas-${w.agency.id.slice(-8)}@agency.example`,
    replyTo: `atendimento-${w.agency.id.slice(-8)}@agency.example`,
    transport: "smtp",
    smtpHost: "127.0.0.1",
    smtpPort: String(smtp.port),
    smtpSecurity: "none",
    smtpUser: user,
    smtpPassword: "the-right-password",
    ...changes,
  };
  const res = await appRequest(EMAIL, { cookie: w.cookie, form });
  expect(res.status, await res.clone().text()).toBe(200);
  return { user: form.smtpUser, senderName: form.senderName, senderEmail: form.senderEmail, replyTo: form.replyTo };
}
