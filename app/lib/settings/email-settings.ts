/**
 * Parametrização → E-mail (pure, shared by client and server): the agency's
 * sender and transport. The SMTP password is write-only: the form never
 * receives it back; blank keeps the saved one.
 */
export type { EmailSettingsInput } from "~/lib/settings/email-settings.schema";

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
