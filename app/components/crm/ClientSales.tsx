/** A client's sales on the client's page (read-only, newest first, each a link to the sale; the rest on the sales list). */
import { Badge, Card, Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";

export type ClientSaleItem = { id: string; number: number; kind: "emissivo" | "excursion"; status: "draft" | "confirmed" | "cancelled"; saleDate: string; totalCents: number; currency: string; href: string };

const STATUS_COLOR: Record<string, "gray" | "green" | "red"> = { draft: "gray", confirmed: "green", cancelled: "red" };

export function ClientSales({ sales, allHref }: { sales: readonly ClientSaleItem[]; allHref: string }) {
  const { t, i18n } = useTranslation();
  return (
    <Card data-testid="client-sales">
      <Flex direction="column" gap="2">
        <Flex justify="between" align="center" wrap="wrap" gap="2">
          <Text weight="bold">{t("crm.client.sales")}</Text>
          <Link to={allHref}>
            <Text size="2">{t("crm.client.allSales")}</Text>
          </Link>
        </Flex>
        {sales.length === 0 ? (
          <Text color="gray">{t("crm.client.noSales")}</Text>
        ) : (
          <ul style={{ margin: 0, paddingLeft: "1.2em" }}>
            {sales.map((s) => (
              <li key={s.id} data-testid="client-sale">
                <Link to={s.href}>{t("crm.client.sale", { number: s.number })}</Link> · {t(`sales.kind.${s.kind}`)} ·{" "}
                <Badge color={STATUS_COLOR[s.status] ?? "gray"}>{t(`sales.status.${s.status}`)}</Badge> · {formatCalendarDate(s.saleDate, i18n.language, "short")} ·{" "}
                {formatMoney(s.totalCents, s.currency, i18n.language)}
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </Card>
  );
}
