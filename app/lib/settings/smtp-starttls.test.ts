import { describe, expect, it } from "vitest";
import { enforceStartTls, STARTTLS_REFUSED } from "~/lib/settings/smtp-starttls";

/** A stand-in with worker-mailer's session flow: EHLO, the optional upgrade, then auth and the mail. */
function fakeMailerClass() {
  return class FakeMailer {
    startTls: boolean;
    secure: boolean;
    supportsStartTls = false;
    written: string[] = [];
    closed: Error | null = null;
    constructor(
      options: { secure?: boolean; startTls?: boolean },
      readonly server: { offersStartTls: boolean; upgradeFails?: boolean },
    ) {
      this.secure = !!options.secure;
      this.startTls = options.startTls === undefined ? true : options.startTls;
    }
    async session() {
      this.written.push("EHLO");
      this.supportsStartTls = this.server.offersStartTls;
      if (this.startTls && !this.secure && this.supportsStartTls) {
        await this.tls();
        this.written.push("EHLO");
      }
      await this.auth();
      this.written.push("MAIL FROM", "DATA");
    }
    async tls() {
      this.written.push("STARTTLS");
      if (this.server.upgradeFails) throw new Error("Failed to start TLS");
    }
    async auth() {
      this.written.push("AUTH");
    }
    async close(error?: Error) {
      this.closed = error ?? null;
      this.written.push("QUIT");
    }
  };
}

describe("enforceStartTls", () => {
  it("refuses a STARTTLS session the server did not upgrade, before any credential or mail is written", async () => {
    const Mailer = fakeMailerClass();
    expect(enforceStartTls(Mailer)).toBe(true);
    const session = new Mailer({ startTls: true }, { offersStartTls: false });
    await expect(session.session()).rejects.toThrow(STARTTLS_REFUSED);
    expect(session.written).toEqual(["EHLO", "QUIT"]);
    expect(session.closed?.message).toBe(STARTTLS_REFUSED);
  });

  it("lets an upgraded STARTTLS session authenticate and send", async () => {
    const Mailer = fakeMailerClass();
    enforceStartTls(Mailer);
    const session = new Mailer({ startTls: true }, { offersStartTls: true });
    await session.session();
    expect(session.written).toEqual(["EHLO", "STARTTLS", "EHLO", "AUTH", "MAIL FROM", "DATA"]);
  });

  it("does not count a failed upgrade as encrypted", async () => {
    const Mailer = fakeMailerClass();
    enforceStartTls(Mailer);
    const session = new Mailer({ startTls: true }, { offersStartTls: true, upgradeFails: true });
    await expect(session.session()).rejects.toThrow("Failed to start TLS");
    await expect(session.auth()).rejects.toThrow(STARTTLS_REFUSED);
    expect(session.written).not.toContain("AUTH");
  });

  it("leaves implicit TLS and the explicit plain-text choice alone", async () => {
    const Mailer = fakeMailerClass();
    enforceStartTls(Mailer);
    const tls = new Mailer({ secure: true, startTls: false }, { offersStartTls: false });
    await tls.session();
    expect(tls.written).toEqual(["EHLO", "AUTH", "MAIL FROM", "DATA"]);
    const plain = new Mailer({ startTls: false }, { offersStartTls: true });
    await plain.session();
    expect(plain.written).toEqual(["EHLO", "AUTH", "MAIL FROM", "DATA"]);
  });

  it("is idempotent and fails closed for a class without the expected methods", async () => {
    const Mailer = fakeMailerClass();
    expect(enforceStartTls(Mailer)).toBe(true);
    expect(enforceStartTls(Mailer)).toBe(true);
    const session = new Mailer({ startTls: true }, { offersStartTls: true });
    await session.session();
    expect(session.written.filter((w) => w === "AUTH")).toHaveLength(1);
    expect(enforceStartTls(class {})).toBe(false);
    expect(enforceStartTls(null)).toBe(false);
    expect(enforceStartTls({ prototype: { tls: () => {} } })).toBe(false);
  });
});
