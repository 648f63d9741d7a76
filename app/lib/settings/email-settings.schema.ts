/** The e-mail settings form's schema (server, and the browser on demand). */
import { z } from "zod";
import { msg, optionalEmail, optionalText } from "~/lib/kit/forms";
import { emailErr, isHostname, SMTP_SECURITIES, TRANSPORTS } from "~/lib/settings/email-settings";

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

