/**
 * STARTTLS, enforced. worker-mailer (1.x) upgrades a "startTls" session only
 * when the server lists STARTTLS in its EHLO reply; when it does not (an old
 * server, or someone on the path stripping the capability), the library carries
 * on in plain text and sends the credentials and the mail unencrypted. It has no
 * option to refuse, so Rota adds the rule on the class itself:
 *
 * - `tls()` (the upgrade) marks the session as upgraded once it has succeeded;
 * - `auth()`, which the library always calls right after the optional upgrade
 *   and before any credential or message is written, refuses a session that asked
 *   for STARTTLS, is not implicit TLS and was not upgraded — it closes the
 *   connection and throws, so nothing else is sent.
 *
 * These are the library's internal (minified, not typed) methods: if a new
 * version renames them, `enforceStartTls` reports false and the SMTP transport
 * refuses STARTTLS settings instead of sending without encryption (fail closed).
 */

const UPGRADED = Symbol.for("rota.smtp.tlsUpgraded");
const PATCHED = Symbol.for("rota.smtp.startTlsEnforced");

export const STARTTLS_REFUSED = "the SMTP server did not offer STARTTLS; nothing was sent without encryption";

type Session = {
  startTls?: unknown;
  secure?: unknown;
  close?: (error?: Error) => Promise<void>;
  [UPGRADED]?: boolean;
};
type Method = (this: Session, ...args: unknown[]) => Promise<unknown>;

/**
 * Makes the mailer class refuse to authenticate or send on a STARTTLS session that
 * was not upgraded. Idempotent; false when the class does not have the expected shape.
 */
export function enforceStartTls(mailerClass: unknown): boolean {
  const proto = (mailerClass as { prototype?: Record<PropertyKey, unknown> } | null)?.prototype;
  if (!proto) return false;
  if (proto[PATCHED] === true) return true;
  const tls = proto.tls;
  const auth = proto.auth;
  if (typeof tls !== "function" || typeof auth !== "function") return false;
  const originalTls = tls as Method;
  const originalAuth = auth as Method;
  proto.tls = async function (this: Session, ...args: unknown[]) {
    const result = await originalTls.apply(this, args);
    this[UPGRADED] = true;
    return result;
  };
  proto.auth = async function (this: Session, ...args: unknown[]) {
    if (this.startTls === true && this.secure !== true && this[UPGRADED] !== true) {
      const error = new Error(STARTTLS_REFUSED);
      try {
        await this.close?.(error);
      } catch {
        // The connection is being dropped anyway.
      }
      throw error;
    }
    return originalAuth.apply(this, args);
  };
  proto[PATCHED] = true;
  return true;
}
