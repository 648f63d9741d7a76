import { plainFailure } from "~/lib/platform/http";
import { formatCalendarDate, formatDateTime } from "~/lib/platform/format";
import { parseCalendarDate, todayIn } from "~/lib/platform/time-zone";
import { driverSheetPdf } from "~/lib/receptive/order.server";
import { getI18n } from "~/middleware/i18n";
import { requireAgency, requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/folha";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "receptivo")];

/** GET /servicos/receptivo/folha/:driverId?data=YYYY-MM-DD: the driver's scheduled orders of the day as a printable PDF. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const { agency } = requireAgency(context, request);
  const i18n = getI18n(context);
  const t = i18n.t;
  const day = parseCalendarDate(new URL(request.url).searchParams.get("data")) ?? todayIn(scope.timeZone);
  const language = i18n.language;
  const res = await driverSheetPdf(scope, params.driverId, day, {
    heading: agency.name,
    title: t("receptive.orders.sheetTitle", { date: formatCalendarDate(day, language, "full") }),
    lines: (name) => [t("receptive.orders.sheetDriver", { name })],
    columns: {
      time: t("receptive.orders.fields.time"),
      service: t("receptive.orders.fields.service"),
      passengers: t("receptive.orders.fields.passengers"),
      pickup: t("receptive.orders.fields.pickup"),
      vehicle: t("receptive.orders.fields.vehicle"),
      guide: t("receptive.orders.fields.guide"),
      reference: t("receptive.orders.fields.reference"),
    },
    empty: t("receptive.orders.sheetEmpty"),
    issued: t("receptive.orders.sheetIssued", { date: formatDateTime(new Date(), language, scope.timeZone) }),
    page: (page, pages) => t("receptive.orders.sheetPage", { page, pages }),
    language,
    kind: (k) => t(`receptive.kinds.${k}` as never),
  });
  return res ?? plainFailure(404);
}
