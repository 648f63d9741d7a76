/**
 * The intents of Sistema → Gestão de Usuários, one small handler each: invite,
 * change a role, deactivate, reactivate, resend and revoke an invitation. Each
 * takes the acting admin (a Scope plus what the mails and notifications need)
 * and the parsed input, and returns a Result: the toast to show, or why nothing
 * changed. The route parses the form and dispatches.
 */
import type { Mailer } from "~/lib/platform/mail.server";
import type { notify } from "~/lib/platform/realtime.server";
import { fail, ok, type Result } from "~/lib/platform/result";
import type { Scope } from "~/lib/platform/scope.server";
import type { ToastMessage } from "~/lib/platform/toast";
import { createInvitation, emailInUse, resendInvitation, revokeInvitation } from "~/lib/system/invitations.server";
import type { InviteRole, RowAction } from "~/lib/system/users";
import { changeMemberRole, notifyMemberChange, setMemberActive, type MemberChange } from "~/lib/system/users.server";

/** Who acts: the scope, and what mails and notifications need. */
export type MemberActor = {
  scope: Scope;
  /** The actor's display name (notifications). */
  name: string;
  agencyName: string;
  /** The app's origin, for invitation links. */
  origin: string;
  mailer: Mailer;
  realtime: Parameters<typeof notify>[0];
};

export type Refusal = "not_found" | "self" | "last_admin" | "stale" | "not_pending" | "email_taken";
export type MemberOutcome = Result<{ toast: ToastMessage }, Refusal>;

const done = (title: string, values?: ToastMessage["values"]): MemberOutcome => ok({ toast: { title, ...(values ? { values } : {}) } });

export async function inviteMember(actor: MemberActor, input: { email: string; name: string; role: InviteRole; locale: string }): Promise<MemberOutcome> {
  const { scope } = actor;
  if (await emailInUse(scope.db, input.email)) return fail("email_taken");
  await createInvitation({
    mailer: actor.mailer,
    agencyId: scope.agencyId,
    ...input,
    invitedBy: scope.userId,
    origin: actor.origin,
    agencyName: actor.agencyName,
    ip: scope.ip,
  });
  return done("users.toast.invited", { email: input.email });
}

const CHANGE_TOAST = { role: "users.toast.roleChanged", deactivated: "users.toast.deactivated", reactivated: "users.toast.reactivated" } as const;

/** A change to a user's access, then the user is told (in their language). */
async function memberChanged(actor: MemberActor, result: MemberChange, change: keyof typeof CHANGE_TOAST): Promise<MemberOutcome> {
  if (!result.ok) return fail(result.reason);
  if (!result.changed) return done("users.toast.unchanged");
  await notifyMemberChange(actor.realtime, { member: result.member, agencyId: actor.scope.agencyId, agencyName: actor.agencyName, actorName: actor.name, change });
  return done(CHANGE_TOAST[change]);
}

const changeInput = (actor: MemberActor, userId: string) => ({ db: actor.scope.db, agencyId: actor.scope.agencyId, actorId: actor.scope.userId, userId, ip: actor.scope.ip });

export async function changeRole(actor: MemberActor, input: { userId: string; role: InviteRole; version: number }) {
  return memberChanged(actor, await changeMemberRole({ ...changeInput(actor, input.userId), role: input.role, version: input.version }), "role");
}

export async function deactivate(actor: MemberActor, input: { userId: string }) {
  return memberChanged(actor, await setMemberActive({ ...changeInput(actor, input.userId), active: false }), "deactivated");
}

export async function reactivate(actor: MemberActor, input: { userId: string }) {
  return memberChanged(actor, await setMemberActive({ ...changeInput(actor, input.userId), active: true }), "reactivated");
}

export async function resend(actor: MemberActor, input: { invitationId: string }): Promise<MemberOutcome> {
  const { scope } = actor;
  const result = await resendInvitation({
    mailer: actor.mailer,
    agencyId: scope.agencyId,
    invitationId: input.invitationId,
    actorId: scope.userId,
    origin: actor.origin,
    agencyName: actor.agencyName,
    ip: scope.ip,
  });
  return result.ok ? done("users.toast.resent") : fail(result.reason);
}

export async function revoke(actor: MemberActor, input: { invitationId: string }): Promise<MemberOutcome> {
  const { scope } = actor;
  const result = await revokeInvitation({ db: scope.db, agencyId: scope.agencyId, invitationId: input.invitationId, actorId: scope.userId, ip: scope.ip });
  return result.ok ? done("users.toast.revoked") : fail(result.reason);
}

/** A row intent's handler. */
export function runRowAction(actor: MemberActor, input: RowAction): Promise<MemberOutcome> {
  switch (input.intent) {
    case "changeRole":
      return changeRole(actor, input);
    case "deactivate":
      return deactivate(actor, input);
    case "reactivate":
      return reactivate(actor, input);
    case "resend":
      return resend(actor, input);
    case "revoke":
      return revoke(actor, input);
  }
}
