/**
 * User management's shared (client and server) pieces: the roles an agency
 * member may have, the list's statuses and page sizes, and reading the list's
 * state from the URL.
 */
import type { Role } from "~/db/schema/platform";

/** The roles an agency invitation or role change may carry: SuperAdmins belong to no agency. */
export const INVITE_ROLES = ["Admin", "Agente", "Financeiro", "Operacional"] as const satisfies readonly Role[];
export type InviteRole = (typeof INVITE_ROLES)[number];
export const isInviteRole = (role: unknown): role is InviteRole => (INVITE_ROLES as readonly unknown[]).includes(role);

export const MEMBER_STATUSES = ["active", "deactivated", "pending"] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export type MemberQuery = { q: string; role: InviteRole | ""; status: MemberStatus | ""; page: number; size: number };

/** The list's state from the URL; anything unknown falls back to the default (never an error). */
export function parseMemberQuery(params: URLSearchParams): MemberQuery {
  const role = params.get("role") ?? "";
  const status = params.get("status") ?? "";
  const size = Number.parseInt(params.get("size") ?? "", 10);
  const page = Number.parseInt(params.get("page") ?? "1", 10);
  return {
    q: (params.get("q") ?? "").trim().slice(0, 100),
    role: isInviteRole(role) ? role : "",
    status: (MEMBER_STATUSES as readonly string[]).includes(status) ? (status as MemberStatus) : "",
    size: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    page: Number.isFinite(page) ? Math.max(1, Math.min(10_000, page)) : 1,
  };
}

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
