/**
 * Parametrização → E-mail (pure, shared by client and server): the agency's
 * sender and transport. The SMTP password is write-only: the form never
 * receives it back; blank keeps the saved one.
 */
import { z } from "zod";
import { msg, optionalEmail, optionalText } from "~/lib/kit/forms";

export const TRANSPORTS = ["local", "smtp"] as const;
export const SMTP_SECURITIES = ["tls", "starttls", "none"] as const;
export type Transport = (typeof TRANSPORTS)[number];
export type SmtpSecurity = (typeof SMTP_SECURITIES)[number];

export const emailErr = {
  host: "emailSettings.errors.host",
  port: "emailSettings.errors.port",
  senderRequired: "emailSettings.errors.senderRequired",
} as const;

const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)$/;
export const isHostname = (v: string) => HOSTNAME.test(v) || IPV4.test(v);

export const emailSettingsSchema = z
  .object({
    intent: z.literal("save"),
    /** 0 when the agency has no settings row yet. */
    version: z.coerce.number({ error: msg.invalid }).int(msg.invalid).min(0, msg.invalid),
    senderName: optionalText(100).refine((v) => v === null || !/[\r\n<>"]/.test(v), msg.invalid),
    senderEmail: optionalEmail(),
    replyTo: optionalEmail(),
    transport: z.enum(TRANSPORTS, { error: msg.invalid }),
    smtpHost: optionalText(253).refine((v) => v === null || isHostname(v), emailErr.host),
    smtpPort: z.coerce.number({ error: emailErr.port }).int(emailErr.port).min(1, emailErr.port).max(65535, emailErr.port).optional(),
    smtpSecurity: z.enum(SMTP_SECURITIES, { error: msg.invalid }),
    smtpUser: optionalText(200),
    /** Write-only; not trimmed (spaces may be part of it). */
    smtpPassword: z.string().max(200, msg.tooLong).optional(),
    clearPassword: z.enum(["on", "true"]).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.transport !== "smtp") return;
    if (!v.smtpHost) ctx.addIssue({ code: "custom", path: ["smtpHost"], message: msg.required });
    if (v.smtpPort === undefined) ctx.addIssue({ code: "custom", path: ["smtpPort"], message: msg.required });
    if (!v.senderEmail) ctx.addIssue({ code: "custom", path: ["senderEmail"], message: emailErr.senderRequired });
  });
export type EmailSettingsInput = z.output<typeof emailSettingsSchema>;

/**
 * The From display name: the saved sender name, else the agency's name, else
 * "Rota". Characters that could break out of the quoted header (quotes, angle
 * brackets, line breaks, controls) are dropped; the length is capped.
 */
export function senderDisplayName(senderName: string | null | undefined, agencyName?: string | null): string {
  for (const candidate of [senderName, agencyName]) {
    const spaced = [...(candidate ?? "")]
      .map((ch) => (ch.charCodeAt(0) < 32 || ch.charCodeAt(0) === 127 || '"<>\\'.includes(ch) ? " " : ch))
      .join("")
      .replace(/\s+/g, " ")
      .trim();
    const clean = [...spaced].slice(0, 100).join("").trim();
    if (clean) return clean;
  }
  return "Rota";
}
