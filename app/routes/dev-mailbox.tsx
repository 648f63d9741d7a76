import { Card, Flex, Heading, Text } from "@radix-ui/themes";
import { KeysetPager } from "~/components/kit/KeysetPager";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { parseListQuery } from "~/lib/kit/list";
import { notFound } from "~/lib/platform/http";
import { OUTBOX_LIST } from "~/lib/settings/outbox";
import { listMailbox } from "~/lib/settings/outbox.server";
import { getEnv } from "~/middleware/cloudflare";
import { publicScope } from "~/middleware/session";
import type { Route } from "./+types/dev-mailbox";

export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";

/**
 * The development mailbox: with the local default transport, mails are
 * delivered nowhere and read here, newest first, a keyset page at a time
 * (?after/?before, ?status, ?size). Absent in production (404).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (getEnv(context).APP_ENV === "production") throw notFound();
  const query = parseListQuery(new URL(request.url).searchParams, OUTBOX_LIST);
  const { rows, page } = await listMailbox(publicScope(context, request).db, query);
  return { mails: rows, query, page };
}

const linkify = (text: string) =>
  text.split(/(https?:\/\/\S+)/g).map((part, i) => (/^https?:\/\//.test(part) ? <a key={i} href={part}>{part}</a> : part));

export default function DevMailbox({ loaderData }: Route.ComponentProps) {
  const { mails, query, page } = loaderData;
  return (
    <Flex direction="column" gap="3" p="4" maxWidth="860px" mx="auto">
      <Heading as="h1">Mailbox (local)</Heading>
      <Text color="gray">Mails sent by the local default transport. Newest first.</Text>
      {mails.length === 0 && <Text>No mail yet.</Text>}
      {mails.map((m) => (
        <Card key={m.id} data-testid="mail">
          <Flex justify="between" gap="2" wrap="wrap">
            <Text weight="bold">{m.subject}</Text>
            <StatusBadge tone="accent">{m.kind}</StatusBadge>
          </Flex>
          <Text as="p" size="2" color="gray">
            To: <span data-testid="mail-to">{m.to}</span> · {m.createdAt}
          </Text>
          <pre style={{ whiteSpace: "pre-wrap", fontFamily: "inherit" }}>{linkify(m.text)}</pre>
          {m.attachments?.map((a, i) => (
            <Text as="p" size="2" key={a.key}>
              📎{" "}
              <a href={`/dev/mailbox/${m.id}/${i}`} data-testid="mail-attachment">
                {a.filename}
              </a>
            </Text>
          ))}
        </Card>
      ))}
      <KeysetPager query={query} spec={OUTBOX_LIST} page={page} />
    </Flex>
  );
}
