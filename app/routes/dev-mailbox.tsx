import { Badge, Card, Flex, Heading, Text } from "@radix-ui/themes";
import { count, desc } from "drizzle-orm";
import { Link } from "react-router";
import { emailOutbox } from "~/db/schema";
import { getDb, getEnv } from "~/middleware/cloudflare";
import type { Route } from "./+types/dev-mailbox";

const PAGE_SIZE = 20;

/**
 * The development mailbox: with the local default transport, mails are
 * delivered nowhere and read here. Absent in production (404).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (getEnv(context).APP_ENV === "production") throw new Response("Not found", { status: 404 });
  const page = Math.max(1, Math.min(10_000, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1));
  const db = getDb(context);
  const [mails, [total]] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.toAddress,
        subject: emailOutbox.subject,
        text: emailOutbox.text,
        kind: emailOutbox.kind,
        status: emailOutbox.status,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(PAGE_SIZE)
      .offset((page - 1) * PAGE_SIZE),
    db.select({ n: count() }).from(emailOutbox),
  ]);
  return { mails, page, pages: Math.max(1, Math.ceil((total?.n ?? 0) / PAGE_SIZE)) };
}

const linkify = (text: string) =>
  text.split(/(https?:\/\/\S+)/g).map((part, i) => (/^https?:\/\//.test(part) ? <a key={i} href={part}>{part}</a> : part));

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { mails, page, pages } = loaderData;
  return (
    <Flex direction="column" gap="3" p="4" maxWidth="860px" mx="auto">
      <Heading as="h1">Mailbox (local)</Heading>
      <Text color="gray">Mails sent by the local default transport. Newest first.</Text>
      {mails.length === 0 && <Text>No mail yet.</Text>}
      {mails.map((m) => (
        <Card key={m.id} data-testid="mail">
          <Flex justify="between" gap="2" wrap="wrap">
            <Text weight="bold">{m.subject}</Text>
            <Badge>{m.kind}</Badge>
          </Flex>
          <Text as="p" size="2" color="gray">
            To: <span data-testid="mail-to">{m.to}</span> · {m.createdAt}
          </Text>
          <pre style={{ whiteSpace: "pre-wrap", fontFamily: "inherit" }}>{linkify(m.text)}</pre>
        </Card>
      ))}
      <Flex justify="between">
        {page > 1 ? <Link to={`?page=${page - 1}`}>←</Link> : <span />}
        <Text size="2">
          {page} / {pages}
        </Text>
        {page < pages ? <Link to={`?page=${page + 1}`}>→</Link> : <span />}
      </Flex>
    </Flex>
  );
}
