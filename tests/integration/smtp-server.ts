/**
 * A fake SMTP server for the integration tests (vitest globalSetup, runs in
 * Node). The app inside workerd reaches it through the real Workers TCP socket
 * API (`cloudflare:sockets`, via worker-mailer), so a test proves that a mail
 * really left through SMTP — with its envelope, headers and body — and not just
 * that it was queued. Tests read what arrived over HTTP (`inbox`).
 *
 * - `port`: EHLO offers AUTH PLAIN LOGIN and no STARTTLS. Any credentials are
 *   accepted except the password "wrong-password" (535); a recipient starting
 *   with "reject" is refused (550).
 * - `startTlsPort`: the same, but offers STARTTLS and then cannot start it (454).
 * - `inbox`: GET /messages?to=<address> → the messages received for it;
 *   GET /sessions → every connection's commands and authenticated user.
 */
import http from "node:http";
import net from "node:net";
import type { TestProject } from "vitest/node";

export type SmtpMessage = {
  port: number;
  user: string | null;
  mailFrom: string;
  rcptTo: string[];
  /** Header names in lower case; RFC 2047 words decoded. */
  headers: Record<string, string>;
  /** The text/plain part, quoted-printable decoded. */
  text: string;
  /** The attached parts: name, type, decoded size and the first bytes as Latin-1 ("%PDF-…"). */
  attachments: { filename: string; contentType: string; size: number; head: string }[];
};
export type SmtpSession = { port: number; user: string | null; commands: string[] };

declare module "vitest" {
  export interface ProvidedContext {
    smtp: { port: number; startTlsPort: number; inbox: string };
  }
}

const sessions: SmtpSession[] = [];
const openSockets = new Set<net.Socket>();
const messages: SmtpMessage[] = [];

function decodeWords(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) => {
    if (encoding.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
    return decodeQ(text.replace(/_/g, " "));
  });
}

function decodeQ(text: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === "=" && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** The parts with a filename (Content-Disposition or Content-Type name), base64 decoded. */
function parseAttachments(body: string): SmtpMessage["attachments"] {
  const out: SmtpMessage["attachments"] = [];
  for (const part of body.split(/\r\n--[^\r\n]+\r\n/)) {
    const split = part.indexOf("\r\n\r\n");
    if (split < 0) continue;
    const head = part.slice(0, split).replace(/\r\n[ \t]+/g, " ");
    const name = /filename\*?=(?:UTF-8'')?"?([^";\r\n]+)"?/i.exec(head)?.[1] ?? /name="?([^";\r\n]+)"?/i.exec(head)?.[1];
    if (!name || !/base64/i.test(head)) continue;
    const bytes = Buffer.from(part.slice(split + 4).split(/\r\n--/)[0]!.replace(/\s+/g, ""), "base64");
    out.push({ filename: decodeWords(decodeURIComponent(name)), contentType: /Content-Type:\s*([^;\r\n]+)/i.exec(head)?.[1]?.trim() ?? "", size: bytes.length, head: bytes.subarray(0, 8).toString("latin1") });
  }
  return out;
}

function parseMessage(data: string): { headers: Record<string, string>; text: string; attachments: SmtpMessage["attachments"] } {
  const unstuffed = data
    .split("\r\n")
    .map((line) => (line.startsWith("..") ? line.slice(1) : line))
    .join("\r\n");
  const split = unstuffed.indexOf("\r\n\r\n");
  const head = unstuffed.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  const headers: Record<string, string> = {};
  for (const line of head.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const body = unstuffed.slice(split + 4);
  const part = body.match(/Content-Type: text\/plain[^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n([\s\S]*?)\r\n(?:\r\n)?--/i);
  const qp = part?.[1] ?? "";
  return { headers, text: decodeQ(qp.replace(/=\r\n/g, "")).replace(/\r\n/g, "\n"), attachments: parseAttachments(body) };
}

function smtpServer(options: { offerStartTls: boolean }) {
  return net.createServer((socket) => {
    const port = (socket.address() as net.AddressInfo).port;
    const session: SmtpSession = { port, user: null, commands: [] };
    sessions.push(session);
    openSockets.add(socket);
    socket.on("close", () => openSockets.delete(socket));
    let buffer = "";
    let state: "command" | "data" | "auth-user" | "auth-password" = "command";
    let data = "";
    let pendingUser = "";
    let envelope: { mailFrom: string; rcptTo: string[] } = { mailFrom: "", rcptTo: [] };
    const reply = (text: string) => {
      if (!socket.destroyed) socket.write(`${text}\r\n`);
    };
    const authenticate = (user: string, password: string) => {
      if (password === "wrong-password") return reply("535 5.7.8 Authentication credentials invalid");
      session.user = user;
      reply("235 2.7.0 Authentication successful");
    };
    socket.on("error", () => {});
    reply("220 fake.smtp.test ESMTP ready");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("utf8");
      let end: number;
      while ((end = buffer.indexOf("\r\n")) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (state === "data") {
          if (line === ".") {
            state = "command";
            const parsed = parseMessage(data);
            messages.push({ port, user: session.user, ...envelope, ...parsed });
            reply("250 2.0.0 Ok: queued");
          } else data += `${line}\r\n`;
          continue;
        }
        if (state === "auth-user") {
          pendingUser = Buffer.from(line, "base64").toString("utf8");
          state = "auth-password";
          reply("334 UGFzc3dvcmQ6");
          continue;
        }
        if (state === "auth-password") {
          state = "command";
          authenticate(pendingUser, Buffer.from(line, "base64").toString("utf8"));
          continue;
        }
        session.commands.push(line);
        const verb = line.split(" ")[0]!.toUpperCase();
        if (verb === "EHLO") {
          reply(["250-fake.smtp.test", ...(options.offerStartTls ? ["250-STARTTLS"] : []), "250-AUTH PLAIN LOGIN", "250 8BITMIME"].join("\r\n"));
        } else if (verb === "HELO") reply("250 fake.smtp.test");
        else if (verb === "STARTTLS") reply(options.offerStartTls ? "454 4.7.0 TLS not available" : "502 5.5.1 Unrecognized command");
        else if (verb === "AUTH") {
          const [, mechanism, initial] = line.split(" ");
          if (mechanism?.toUpperCase() === "PLAIN" && initial) {
            const [, user = "", password = ""] = Buffer.from(initial, "base64").toString("utf8").split("\0");
            authenticate(user, password);
          } else if (mechanism?.toUpperCase() === "LOGIN") {
            state = "auth-user";
            reply("334 VXNlcm5hbWU6");
          } else reply("504 5.5.4 Unrecognized authentication type");
        } else if (verb === "MAIL") {
          envelope = { mailFrom: line.match(/<([^>]*)>/)?.[1] ?? "", rcptTo: [] };
          reply("250 2.1.0 Ok");
        } else if (verb === "RCPT") {
          const to = line.match(/<([^>]*)>/)?.[1] ?? "";
          if (to.startsWith("reject")) reply("550 5.1.1 Mailbox unavailable");
          else {
            envelope.rcptTo.push(to);
            reply("250 2.1.5 Ok");
          }
        } else if (verb === "DATA") {
          state = "data";
          data = "";
          reply("354 End data with <CR><LF>.<CR><LF>");
        } else if (verb === "RSET") reply("250 2.0.0 Ok");
        else if (verb === "NOOP") reply("250 2.0.0 Ok");
        else if (verb === "QUIT") {
          reply("221 2.0.0 Bye");
          socket.end();
        } else reply("502 5.5.2 Error: command not recognized");
      }
    });
  });
}

const listen = (server: net.Server | http.Server) =>
  new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as net.AddressInfo).port)));

export default async function setup(project: TestProject) {
  const plain = smtpServer({ offerStartTls: false });
  const startTls = smtpServer({ offerStartTls: true });
  const inbox = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://inbox");
    const body =
      url.pathname === "/sessions"
        ? sessions
        : url.pathname === "/messages"
          ? messages.filter((m) => !url.searchParams.has("to") || m.rcptTo.includes(url.searchParams.get("to")!))
          : null;
    res.writeHead(body ? 200 : 404, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  });
  const [port, startTlsPort, inboxPort] = await Promise.all([listen(plain), listen(startTls), listen(inbox)]);
  project.provide("smtp", { port, startTlsPort, inbox: `http://127.0.0.1:${inboxPort}` });
  return async () => {
    for (const socket of openSockets) socket.destroy();
    inbox.closeAllConnections();
    await Promise.all([plain, startTls, inbox].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  };
}
