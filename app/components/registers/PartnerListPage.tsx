/** The list screen suppliers (Fornecedores) and providers (Prestadores) share. */
import { Flex, Text } from "@radix-ui/themes";
import { useTranslation } from "react-i18next";
import { ListPage, type Column } from "~/components/kit/ListPage";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { formatDocument, formatPhone } from "~/lib/platform/br-documents";
import type { ListQuery, PageInfo } from "~/lib/kit/list";
import { PARTNER_REGISTERS, partnerListSpec, SUPPLIER_CATEGORIES, type PartnerRegister, type SupplierCategory } from "~/lib/registers/partner";
import type { PartnerListRow } from "~/lib/registers/partner.server";

export function PartnerListPage({ register, query, page, rows }: { register: PartnerRegister; query: ListQuery; page: PageInfo; rows: PartnerListRow[] }) {
  const { t } = useTranslation();
  const { path, texts, module } = PARTNER_REGISTERS[register];
  const columns: Column<PartnerListRow>[] = [
    {
      key: "name",
      label: t("registers.fields.name"),
      sort: "name",
      render: (r) => (
        <Flex direction="column" gap="0">
          <Text weight="medium">{r.name}</Text>
          {r.tradeName && (
            <Text size="1" color="gray">
              {r.tradeName}
            </Text>
          )}
        </Flex>
      ),
    },
    {
      key: "category",
      label: t("partners.fields.category"),
      render: (r) => (
        <Flex gap="1" wrap="wrap">
          <StatusBadge>
            {t(`partners.categories.${r.category as SupplierCategory}`)}
          </StatusBadge>
          {r.kind === "person" && (
            <StatusBadge tone="info">
              {t("registers.kind.person")}
            </StatusBadge>
          )}
        </Flex>
      ),
    },
    {
      key: "document",
      label: t("registers.fields.document"),
      secondary: true,
      render: (r) => (r.document ? <span className="nowrap">{formatDocument(r.document)}</span> : <Text color="gray">—</Text>),
    },
    {
      key: "contact",
      label: t("registers.sections.contact"),
      secondary: true,
      render: (r) =>
        r.email || r.phone ? (
          <Flex direction="column" gap="0">
            {r.email && <Text size="2">{r.email}</Text>}
            {r.phone && (
              <Text size="1" color="gray" className="nowrap">
                {formatPhone(r.phone)}
              </Text>
            )}
          </Flex>
        ) : (
          <Text color="gray">—</Text>
        ),
    },
    ...(register === "provider"
      ? [
          {
            key: "services",
            label: t("partners.fields.services"),
            secondary: true,
            render: (r: PartnerListRow) => {
              const services = r.services ?? [];
              if (services.length === 0) return <Text color="gray">—</Text>;
              return (
                <Text size="2">
                  {services
                    .slice(0, 2)
                    .map((s) => s.name)
                    .join(", ")}
                  {services.length > 2 && <Text color="gray">{` +${services.length - 2}`}</Text>}
                </Text>
              );
            },
          },
        ]
      : []),
    { key: "city", label: t("registers.fields.city"), sort: "city", secondary: true, render: (r) => (r.city ? `${r.city}${r.state ? ` - ${r.state}` : ""}` : "—") },
  ];
  return (
    <ListPage
      testId={`${register}-list`}
      title={t(`menu.cadastros.${module}.title`)}
      subtitle={t(`partners.${texts}.subtitle`)}
      trail={[{ label: t("menu.cadastros.title"), href: null }]}
      spec={partnerListSpec}
      query={query}
      page={page}
      rows={rows}
      columns={columns}
      filters={[
        { key: "category", label: t("partners.fields.category"), options: SUPPLIER_CATEGORIES.map((c) => ({ value: c, label: t(`partners.categories.${c}`) })) },
        { key: "kind", label: t("registers.fields.kind"), options: [{ value: "company", label: t("registers.kind.company") }, { value: "person", label: t("registers.kind.person") }] },
      ]}
      countKey={`partners.${texts}.count`}
      searchPlaceholder={t(`partners.${texts}.searchPlaceholder`)}
      rowHref={(r) => `${path}/editar/${r.id}`}
      newHref={`${path}/novo`}
      newLabel={t(`partners.${texts}.new`)}
      exportHref={`${path}/exportar`}
      emptyTitle={t(`partners.${texts}.emptyTitle`)}
      emptyText={t(`partners.${texts}.emptyText`)}
    />
  );
}
