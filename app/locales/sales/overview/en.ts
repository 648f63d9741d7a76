import type { SalesOverviewTranslation } from "~/locales/sales/overview/pt";

const overviewEn = {
  overview: {
    title: "Sales",
    subtitle: "The month's confirmed sales, by seller and by kind.",
    month: "Month",
    show: "Show",
    previous: "Previous month",
    next: "Next month",
    thisMonth: "This month",
    bySeller: "By seller",
    byKind: "By kind",
    seller: "Seller",
    kind: "Kind",
    count: "Sales",
    total: "Total",
    margin: "Margin",
    all: "Month total",
    drafts_one: "{{count}} draft this month (not in the totals)",
    drafts_other: "{{count}} drafts this month (not in the totals)",
    cancelled_one: "{{count}} sale cancelled this month",
    cancelled_other: "{{count}} sales cancelled this month",
    empty: "No confirmed sales this month.",
    emptyHint: "Pick another month or record a sale.",
    own: "You see only your own sales.",
    report: "Services of the day",
    newEmissivo: "New outbound sale",
    newExcursion: "New excursion sale",
    openList: "See {{name}}'s sales ({{kind}})",
  },
} satisfies SalesOverviewTranslation;

export default overviewEn;
