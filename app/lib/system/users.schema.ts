/** User management's form schemas: the invitation (server, and the browser on demand) and the row menu's intents (server). */
import { z } from "zod";
import { emailField, msg, requiredText } from "~/lib/kit/forms";
import { INVITE_ROLES } from "~/lib/system/users";
import { LANGUAGES } from "~/locales";

export const inviteSchema = z.object({
  intent: z.literal("invite"),
  email: emailField(),
  name: requiredText(120),
  role: z.enum(INVITE_ROLES, { error: "users.errors.role" }),
  locale: z.enum(LANGUAGES, { error: msg.invalid }),
});

const id = z.string({ error: msg.required }).trim().min(1, msg.required).max(64, msg.invalid);

/** The intents of a row's menu. */
export const rowActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("changeRole"), userId: id, role: z.enum(INVITE_ROLES, { error: "users.errors.role" }), version: z.coerce.number().int().min(1) }),
  z.object({ intent: z.literal("deactivate"), userId: id }),
  z.object({ intent: z.literal("reactivate"), userId: id }),
  z.object({ intent: z.literal("resend"), invitationId: id }),
  z.object({ intent: z.literal("revoke"), invitationId: id }),
]);
export type RowAction = z.output<typeof rowActionSchema>;
