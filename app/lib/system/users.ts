/**
 * User management's shared (client and server) pieces: the roles an agency
 * member may have, the list's statuses, the list's spec (URL state, kit/list.ts)
 * and the forms of the screen's intents.
 */
import { z } from "zod";
import type { Role } from "~/db/schema/platform";
import { emailField, msg, requiredText } from "~/lib/kit/forms";
import type { ListQuery, ListSpec } from "~/lib/kit/list";
import { LANGUAGES } from "~/locales";

/** The roles an agency invitation or role change may carry: SuperAdmins belong to no agency. */
export const INVITE_ROLES = ["Admin", "Agente", "Financeiro", "Operacional"] as const satisfies readonly Role[];
export type InviteRole = (typeof INVITE_ROLES)[number];
export const isInviteRole = (role: unknown): role is InviteRole => (INVITE_ROLES as readonly unknown[]).includes(role);

export const MEMBER_STATUSES = ["active", "deactivated", "pending"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

/** The members list: by name (then e-mail), filtered by role and status, searched by name or e-mail. */
export const MEMBER_LIST = {
  sorts: ["name"],
  defaultSort: "name",
  filters: { role: INVITE_ROLES, status: MEMBER_STATUSES },
} as const satisfies ListSpec<"name", "role" | "status">;
export type MemberQuery = ListQuery<"name", "role" | "status">;

/** A row of the list: a user of the agency or a pending invitation. */
export type MemberRow = {
  kind: "user" | "invitation";
  id: string;
  name: string;
  email: string;
  role: Role;
  status: MemberStatus;
  /** Invitations only. */
  expiresAt: string | null;
  version: number;
  createdAt: string;
};

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
