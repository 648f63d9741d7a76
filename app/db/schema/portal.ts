/**
 * The client portal (issue #21; docs/decisions/0021-client-portal.md): a client signs in
 * with the e-mail the agency has for them and a one-time code mailed to it. Only hashes
 * are stored: the code's (with its row id) and the session token's. Portal sessions are
 * their own table and cookie, apart from better-auth's staff sessions.
 */
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { id, timestamps } from "~/db/schema/columns";
import { agency } from "~/db/schema/platform";
import { client } from "~/db/schema/registers";

/** A one-time sign-in code: 6 digits, valid 10 minutes, 5 tries; one live code per agency and e-mail. */
export const portalCode = sqliteTable(
  "portal_code",
  {
    id: id(),
    agencyId: text("agency_id")
      .notNull()
      .references(() => agency.id),
    /** The e-mail as typed, trimmed and lower-cased. */
    email: text("email").notNull(),
    /** SHA-256 of `${id}:${code}`. */
    codeHash: text("code_hash").notNull(),
    expiresAt: text("expires_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    usedAt: text("used_at"),
    ...timestamps,
  },
  (t) => [uniqueIndex("portal_code_email_uq").on(t.agencyId, t.email)],
);

/**
 * A signed-in client: the cookie holds the token, this row its SHA-256. `agency_id` and
 * `client_id` are the agency picked and the client the e-mail is in it; a client of
 * several agencies (the same e-mail) switches at /portal/selecionar-agencia.
 */
export const portalSession = sqliteTable(
  "portal_session",
  {
    id: id(),
    tokenHash: text("token_hash").notNull().unique(),
    email: text("email").notNull(),
    agencyId: text("agency_id")
      .notNull()
      .references(() => agency.id),
    clientId: text("client_id")
      .notNull()
      .references(() => client.id),
    expiresAt: text("expires_at").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    ...timestamps,
  },
  (t) => [index("portal_session_client_idx").on(t.agencyId, t.clientId)],
);
