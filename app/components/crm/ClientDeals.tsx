/** A client's deals on the client's page (read-only, newest first, each a link to the deal). */
import { Badge, Card, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dealHref } from "~/lib/crm/deal";
import { formatMoney } from "~/lib/platform/format";

export type ClientDeal = { id: string; number: number; title: string; stage: string; stageKind: "open" | "won" | "lost"; valueCents: number; currency: string };

export function ClientDeals({ deals }: { deals: ClientDeal[] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card data-testid="client-deals">
      <Flex direction="column" gap="2">
        <Text weight="bold">{t("crm.client.deals")}</Text>
        {deals.length === 0 ? (
          <Text color="gray">{t("crm.client.none")}</Text>
        ) : (
          <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
            {deals.map((d) => (
              <li key={d.id} data-testid="client-deal">
                <Link to={dealHref(d.id)}>
                  #{d.number} {d.title}
                </Link>{" "}
                · <Badge color={d.stageKind === "won" ? "green" : d.stageKind === "lost" ? "red" : "gray"}>{d.stage}</Badge> · {formatMoney(d.valueCents, d.currency, i18n.language)}
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </Card>
  );
}
