/**
 * Compatibility exports for platform/mail.server.ts (owned elsewhere): delivery
 * now lives in outbox.server.ts and the settings in email-settings.server.ts.
 * Import from those; this file goes once mail.server.ts does.
 */
export { deliverMail, errorText } from "~/lib/settings/outbox.server";
