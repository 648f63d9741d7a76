/** Every create/update/delete of business data writes an audit row (who, when, what changed). */
import { auditEntry } from "~/db/schema";
import type { Db } from "~/lib/platform/db.server";

export type AuditInput = {
  agencyId: string | null;
  userId: string | null;
  entity: string;
  entityId: string;
  action: "create" | "update" | "delete" | "restore";
  changes?: Record<string, [unknown, unknown]> | null;
  ip?: string | null;
};

export function auditInsert(db: Db, entry: AuditInput) {
  return db.insert(auditEntry).values({
    agencyId: entry.agencyId,
    userId: entry.userId,
    entity: entry.entity,
    entityId: entry.entityId,
    action: entry.action,
    changes: entry.changes ?? null,
    ip: entry.ip ?? null,
  });
}

/** The fields whose value changed, as { field: [before, after] }. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: Partial<T>): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value !== undefined && JSON.stringify(before[key]) !== JSON.stringify(value)) out[key] = [before[key] ?? null, value];
  }
  return out;
}

export const clientIp = (request: Request) => request.headers.get("cf-connecting-ip");
