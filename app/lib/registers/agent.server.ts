/**
 * Agents on the server: the record store and screen spec (the kit's loader and
 * action), the list source, page and CSV export, the agency's members an agent
 * may be linked to, duplicate checks (CPF/CNPJ, and one live agent per user),
 * the row a form input becomes, and the command palette provider.
 */
import { and, asc, eq, isNotNull, isNull, ne, sql, type SQL } from "drizzle-orm";
import { agent, profile, user } from "~/db/schema";
import type { CommissionRule } from "~/db/schema/registers";
import { formatDocument, formatPhone } from "~/lib/platform/br-documents";
import type { Scope } from "~/lib/platform/scope.server";
import type { ListQuery } from "~/lib/kit/list";
import { runList } from "~/lib/kit/list.server";
import { registerSearchText } from "~/lib/kit/search-text";
import { exportList } from "~/lib/kit/export.server";
import { listSourceOf, recordStore, type ReadScope } from "~/lib/kit/record.server";
import type { RecordSpec } from "~/lib/kit/record-action.server";
import { AGENT_CSV_COLUMNS, agentErr, AGENTS_PATH, agentToCsvRow, bpsToPercentText, type AgentFilter, type AgentInput, type AgentSort } from "~/lib/registers/agent";
import { agentEditSchema, agentSchema } from "~/lib/registers/agent.schema";
import { REFERENCES } from "~/lib/registers/references.server";
import { canManageRegisters } from "~/lib/registers/roles";

export const AGENT_ENTITY = "agent";

export const agentStore = recordStore({
  table: agent,
  entity: AGENT_ENTITY,
  label: (row) => row.name,
  softDelete: agent.deletedAt,
  searchText: agent.searchText,
  counter: AGENT_ENTITY,
  createdBy: agent.createdBy,
  references: REFERENCES.agent,
});

export type AgentQuery = ListQuery<AgentSort, AgentFilter>;

export const agentSource = listSourceOf<AgentSort, AgentFilter>(agentStore, {
  sortColumns: { name: agent.searchText, createdAt: agent.createdAt },
  filterWhere: (f) => {
    const out: SQL[] = [];
    if (f.rule) out.push(eq(agent.commissionRule, f.rule as CommissionRule));
    if (f.linked === "internal") out.push(isNotNull(agent.userId));
    if (f.linked === "reseller") out.push(isNull(agent.userId));
    return out;
  },
});

export type AgentListRow = {
  id: string;
  sortValue: string | number | null;
  name: string;
  document: string | null;
  email: string | null;
  phone: string | null;
  userId: string | null;
  userName: string | null;
  commissionRule: CommissionRule;
  commissionBps: number;
  createdAt: string;
};

/** The linked user's display name: the profile's name, else the auth user's. */
const linkedName = sql<string | null>`coalesce(nullif(${profile.name}, ''), ${user.name})`;

export function listAgents(scope: ReadScope, query: AgentQuery) {
  const { db } = scope;
  const sortColumn = agentSource.sortColumns[query.sort];
  return runList(scope, agentSource, query, (where, order, limit) =>
    db
      .select({
        id: agent.id,
        sortValue: sql<string | number | null>`${sortColumn}`,
        name: agent.name,
        document: agent.document,
        email: agent.email,
        phone: agent.phone,
        userId: agent.userId,
        userName: linkedName,
        commissionRule: agent.commissionRule,
        commissionBps: agent.commissionBps,
        createdAt: agent.createdAt,
      })
      .from(agent)
      .leftJoin(user, eq(user.id, agent.userId))
      .leftJoin(profile, eq(profile.id, agent.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit) as Promise<AgentListRow[]>,
  );
}

/** The current filter of the list as CSV, in the list's order: every column plus the linked user's name and e-mail. */
export function agentsCsv(scope: Scope, query: AgentQuery, filename: string) {
  const { db } = scope;
  const sortColumn = agentSource.sortColumns[query.sort];
  const select = (where: SQL, order: SQL[], limit: number) =>
    db
      .select({ row: agent, id: agent.id, sortValue: sql<string | number | null>`${sortColumn}`, userName: linkedName, userEmail: user.email })
      .from(agent)
      .leftJoin(user, eq(user.id, agent.userId))
      .leftJoin(profile, eq(profile.id, agent.userId))
      .where(where)
      .orderBy(...order)
      .limit(limit);
  return exportList(scope, agentSource, query, select, AGENT_CSV_COLUMNS, (r) => agentToCsvRow({ ...r.row, userName: r.userName, userEmail: r.userEmail }), filename);
}

export type AgencyMember = { id: string; name: string; email: string; active: boolean };

/**
 * The users an agent of the agency may be linked to: its active members, plus
 * `keepId` (the agent's current user) even when it has since been deactivated,
 * so that an edit screen still shows it.
 */
export async function agencyMembers({ db, agencyId }: ReadScope, keepId: string | null = null): Promise<AgencyMember[]> {
  const rows = await db
    .select({ id: profile.id, name: sql<string>`coalesce(nullif(${profile.name}, ''), ${user.name})`, email: user.email, active: profile.active })
    .from(profile)
    .innerJoin(user, eq(user.id, profile.id))
    .where(and(eq(profile.agencyId, agencyId), keepId ? sql`(${profile.active} = 1 or ${profile.id} = ${keepId})` : eq(profile.active, true)))
    .orderBy(asc(profile.name), asc(profile.id));
  return rows;
}

/**
 * Whether `userId` may be the agent's user: a member of the agency, active,
 * unless it is the user the agent already has (`currentUserId`).
 */
export async function isLinkableUser({ db, agencyId }: ReadScope, userId: string, currentUserId: string | null): Promise<boolean> {
  const [row] = await db
    .select({ active: profile.active })
    .from(profile)
    .where(and(eq(profile.id, userId), eq(profile.agencyId, agencyId)))
    .limit(1);
  if (!row) return false;
  return row.active || userId === currentUserId;
}

/** The stored row of a validated form input (without id, agency and bookkeeping). */
export function agentValues(input: AgentInput) {
  return {
    name: input.name,
    document: input.document,
    email: input.email,
    phone: input.phone,
    userId: input.userId,
    commissionRule: input.commissionRule,
    commissionBps: input.commission,
    pixKeyType: input.pixKeyType,
    pixKey: input.pixKey,
    notes: input.notes,
    searchText: registerSearchText.agent(input),
  };
}

export type AgentDuplicate = { field: "document" | "userId"; id: string; name: string; value: string };

/** A live agent of the agency (other than `exceptId`) with the same CPF/CNPJ or linked to the same user. */
export async function findAgentDuplicate({ db, agencyId }: ReadScope, input: { document: string | null; userId: string | null }, exceptId?: string): Promise<AgentDuplicate | null> {
  const scope = [eq(agent.agencyId, agencyId), isNull(agent.deletedAt), ...(exceptId ? [ne(agent.id, exceptId)] : [])];
  if (input.document) {
    const [row] = await db
      .select({ id: agent.id, name: agent.name })
      .from(agent)
      .where(and(...scope, eq(agent.document, input.document)))
      .limit(1);
    if (row) return { field: "document", id: row.id, name: row.name, value: input.document };
  }
  if (input.userId) {
    const [row] = await db
      .select({ id: agent.id, name: agent.name })
      .from(agent)
      .where(and(...scope, eq(agent.userId, input.userId)))
      .limit(1);
    if (row) return { field: "userId", id: row.id, name: row.name, value: input.userId };
  }
  return null;
}

// ---------------------------------------------------------------------------
// The form screen (novo and editar/:id)

type AgentRow = typeof agent.$inferSelect;

/** A stored agent as the form shows it: masked document and phone, the commission as a percentage. */
export function agentFormValues(row: AgentRow) {
  const text = (v: string | null) => v ?? "";
  return {
    name: row.name,
    document: row.document ? formatDocument(row.document) : "",
    email: text(row.email),
    phone: row.phone ? formatPhone(row.phone) : "",
    userId: text(row.userId),
    commissionRule: row.commissionRule as string,
    commission: bpsToPercentText(row.commissionBps),
    pixKeyType: text(row.pixKeyType),
    pixKey: row.pixKey && (row.pixKeyType === "cpf" || row.pixKeyType === "cnpj") ? formatDocument(row.pixKey) : text(row.pixKey),
    notes: text(row.notes),
  };
}

export type AgentFormValues = ReturnType<typeof agentFormValues>;

/** An empty agent form (novo). */
export const AGENT_EMPTY: Partial<AgentFormValues> = { commissionRule: "sale_percent", commission: "0" };

/** The members an agent's screen offers (its current user kept even if deactivated). */
export const agentScreenExtra = (scope: ReadScope) => async (row: AgentRow | null) => ({ members: await agencyMembers(scope, row?.userId ?? null) });

/**
 * The agent form screen for the kit's loader and action. `t` translates the
 * stale notice's values: the rule and Pix type by their names, the linked user
 * by name.
 */
export function agentSpec(scope: ReadScope, t: (key: string) => string): RecordSpec<typeof agent, AgentInput> {
  return {
    store: agentStore,
    listPath: AGENTS_PATH,
    canDelete: canManageRegisters,
    schemas: { create: agentSchema, edit: agentEditSchema },
    values: agentValues,
    // The linked user must belong to this agency (and be active, unless it is the one already linked).
    check: async (_scope, input, current) =>
      input.userId && !(await isLinkableUser(scope, input.userId, current?.userId ?? null)) ? { userId: [agentErr.userNotMember] } : null,
    duplicate: (_scope, input, exceptId) => findAgentDuplicate(scope, input, exceptId),
    display: async (row) => {
      const values = agentFormValues(row);
      const members = await agencyMembers(scope, row.userId);
      return {
        ...values,
        userId: values.userId ? (members.find((m) => m.id === values.userId)?.name ?? values.userId) : "",
        commissionRule: t(`agents.rules.${values.commissionRule}`),
        pixKeyType: values.pixKeyType ? t(`agents.pixTypes.${values.pixKeyType}`) : "",
      };
    },
  };
}
