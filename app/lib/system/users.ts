/**
 * User management's shared (client and server) pieces: the roles an agency
 * member may have, the list's statuses, the list's spec (URL state, kit/list.ts)
 * and the forms of the screen's intents.
 */
import type { Role } from "~/db/schema/platform";
import type { ListQuery, ListSpec } from "~/lib/kit/list";

export type { RowAction } from "~/lib/system/users.schema";

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

