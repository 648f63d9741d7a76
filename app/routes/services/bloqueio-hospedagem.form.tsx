import type { FieldMetadata, SubmissionResult } from "@conform-to/react";
import { Button, Card, Flex, IconButton, Text } from "@radix-ui/themes";
import { ArrowDown, ArrowUp, Plus, X } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RecordForm, useRecordForm } from "~/components/kit/RecordForm";
import { RecordHistory } from "~/components/kit/RecordHistory";
import { StaleCallout } from "~/components/kit/RecordNotices";
import type { RecordActionData } from "~/components/kit/RecordPage";
import { ServiceActions } from "~/components/services/ServiceActions";
import { RoomingForm, type RoomingRoomView } from "~/components/services/blocks/RoomingForm";
import { FormField, FormSection, SelectField, TextAreaField, useErrorText } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";
import { PageHeader } from "~/components/ui/PageHeader";
import { recordAction } from "~/lib/kit/record-action.server";
import { recordLoader } from "~/lib/kit/record-loader.server";
import { badRequest, conflict, notFound } from "~/lib/platform/http";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";
import type { Scope } from "~/lib/platform/scope.server";
import type { ToastMessage } from "~/lib/platform/toast";
import { lookup } from "~/lib/platform/translate";
import { formatCents } from "~/lib/finance/money";
import { blockIntents, supplierOptions } from "~/lib/services/blocks.server";
import { destinationOptions } from "~/lib/services/charter.server";
import { canArchiveServices, SERVICE_CURRENCIES } from "~/lib/services/fields";
import { EMPTY_ROOM_TYPE, HOTEL_BLOCK_LIST_PATH, MEAL_PLANS, hotelBlockFormValues, hotelBlockTotals, MAX_ROOM_TYPES } from "~/lib/services/hotel-block";
import {
  archiveHotelBlock,
  cloneHotelBlock,
  hotelBlockAvailability,
  hotelBlockEmpty,
  hotelBlockSpec,
  roomingSheet,
  roomTypesOf,
  saveRooming,
  syncRooming,
} from "~/lib/services/hotel-block.server";
import { getI18n } from "~/middleware/i18n";
import { requireModule, requireScope } from "~/middleware/session";
import registersStyles from "~/styles/registers.css?url";
import type { Route } from "./+types/bloqueio-hospedagem.form";

export const middleware: Route.MiddlewareFunction[] = [requireModule("servicos", "bloqueio_hospedagem")];
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: registersStyles }];

/** Novo bloqueio (no id) or editar/:id (404 for an unknown id or another agency's): the form, totals, availability and the rooming list. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const scope = requireScope(context, request);
  const screen = await recordLoader(hotelBlockSpec(), scope, request, params, {
    toForm: (row): Record<string, unknown> => hotelBlockFormValues(row, []),
    empty: hotelBlockEmpty(scope.currency) as Record<string, unknown>,
    newTitle: getI18n(context).t("services.hotelBlocks.new"),
  });
  const [hotels, destinations] = await Promise.all([
    supplierOptions(scope, "hotel", (screen.values.hotelId as string | undefined) ?? null),
    destinationOptions(scope, (screen.values.destinationId as string | undefined) || null),
  ]);
  const extra = params.id ? await blockDetails(scope, params.id) : null;
  return {
    ...screen,
    values: extra ? { ...screen.values, roomTypes: extra.roomTypes } : screen.values,
    hotels,
    destinations,
    totals: extra?.totals ?? null,
    availability: extra?.availability ?? null,
    rooms: extra?.rooms ?? [],
    blockId: params.id ?? null,
    canArchive: canArchiveServices(scope.role),
  };
}

/** The saved block's room types (form rows), totals, availability per type and rooming list. */
async function blockDetails(scope: Scope, id: string) {
  const sheet = await roomingSheet(scope, id);
  if (!sheet) throw notFound();
  const types = await roomTypesOf(scope, [id]);
  const availability = (await hotelBlockAvailability(scope, [id], types)).get(id)!;
  const rooms: RoomingRoomView[] = sheet.rooms.map((r) => ({
    id: r.id,
    version: r.version,
    roomTypeName: r.roomTypeName,
    roomIndex: r.roomIndex,
    occupancy: r.occupancy,
    guests: r.guests.map((g) => g.name),
    sold: r.saleId !== null,
  }));
  return {
    roomTypes: hotelBlockFormValues(sheet.block, types).roomTypes,
    totals: { ...hotelBlockTotals(sheet.block, types), currency: sheet.block.currency },
    availability: { total: availability.total, byType: types.map((t) => ({ id: t.id, name: t.name, ...availability.byType[t.id]! })) },
    rooms,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.documentTitle} · Rota` : "Rota" }];

/** The rooming form's save (intent "rooming"): 400 with the rooms in error, 409 when a room changed meanwhile. */
async function roomingIntent(scope: Scope, id: string, formData: FormData) {
  const result = await saveRooming(scope, id, formData);
  if (result.ok) return { rooming: { saved: true }, toast: { title: "services.hotelBlocks.rooming.saved" } satisfies ToastMessage };
  if (result.reason === "notFound") throw notFound();
  if (result.reason === "stale") return conflict({ rooming: { stale: result.stale ?? [] }, toast: { title: "services.hotelBlocks.rooming.stale", variant: "destructive" } satisfies ToastMessage });
  return badRequest({ rooming: { errors: result.errors ?? {} }, toast: { title: "services.hotelBlocks.rooming.invalid", variant: "destructive" } satisfies ToastMessage });
}

/** Save (create, or update with the version check; the rooming list follows the room types), archive, clone, rooming. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const suffix = getI18n(context).t("services.clone.suffix");
  const id = params.id;
  const intents = id
    ? blockIntents({
        id,
        listPath: HOTEL_BLOCK_LIST_PATH,
        archive: archiveHotelBlock,
        clone: (s, blockId) => cloneHotelBlock(s, blockId, suffix),
        more: async (intent, formData, s) => (intent === "rooming" ? roomingIntent(s, id, formData) : undefined),
      })
    : undefined;
  const answer = await recordAction(hotelBlockSpec(), scope, request, params, intents);
  const saved = id
    ? (answer as { saved?: boolean } | null)?.saved
      ? id
      : null
    : answer instanceof Response && answer.status === 302
      ? answer.headers.get("Location")?.split("/").pop()
      : null;
  if (saved) await syncRooming(scope, saved);
  return answer;
}

type ActionData = RecordActionData & { archiveError?: string; rooming?: { saved?: boolean; errors?: Record<string, string>; stale?: string[] } };

export default function HotelBlockForm({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const ad = actionData as ActionData | undefined;
  const isNew = loaderData.mode === "new";
  const fieldLabel = (field: string) => lookup(i18n, `services.hotelBlocks.fields.${field}`) ?? field;
  const formatValue = (field: string, value: unknown): string | undefined => {
    if (field === "mealPlan" && typeof value === "string") return lookup(i18n, `services.mealPlans.${value}`);
    if ((field === "checkIn" || field === "checkOut" || field === "releaseDate") && typeof value === "string") return formatCalendarDate(value, i18n.language);
    if (field === "roomTypes" && Array.isArray(value)) {
      return value.map((r: { name?: string; quantity?: number; nightlyPriceCents?: number }) => `${r.name ?? ""} ×${r.quantity ?? 0} (${formatCents(r.nightlyPriceCents ?? 0)})`).join(", ");
    }
    if (field === "rooming" && Array.isArray(value)) {
      return value.map((r: { room?: string; guests?: string[] }) => `${r.room ?? ""}: ${(r.guests ?? []).join(", ") || "—"}`).join("; ");
    }
    return undefined;
  };
  const title = isNew ? t("services.hotelBlocks.new") : loaderData.name;
  const totals = loaderData.totals;
  return (
    <Flex direction="column" gap="4" maxWidth="1100px" data-testid="hotel-block-form-page">
      <PageHeader
        title={title}
        subtitle={isNew ? t("services.hotelBlocks.newSubtitle") : t("services.hotelBlocks.editSubtitle")}
        trail={[
          { label: t("menu.servicos.title"), href: null },
          { label: t("menu.servicos.bloqueio_hospedagem.title"), href: HOTEL_BLOCK_LIST_PATH },
        ]}
        actions={!isNew ? <ServiceActions kind="block" name={loaderData.name} canArchive={loaderData.canArchive} /> : undefined}
      />
      {ad?.archiveError && <Notice tone="error">{t("services.archive.forbidden")}</Notice>}
      {ad?.stale && <StaleCallout differences={ad.stale.differences} fieldLabel={fieldLabel} />}
      {loaderData.hotels.length === 0 && (
        <Notice tone="warning" role="none" testId="no-hotel">
          {t("services.hotelBlocks.noHotel")} <Link to="/cadastros/fornecedores/novo">{t("menu.cadastros.fornecedores.title")}</Link>
        </Notice>
      )}
      <HotelBlockFields
        key={loaderData.version}
        defaultValue={loaderData.values}
        version={ad?.stale ? ad.stale.version : loaderData.version}
        lastResult={ad?.result}
        isNew={isNew}
        hotels={loaderData.hotels}
        destinations={loaderData.destinations}
        availability={loaderData.availability?.byType ?? []}
      />
      {totals && loaderData.availability && (
        <FormSection title={t("services.hotelBlocks.sections.totals")}>
          <Flex direction="column" gap="1" data-testid="hotel-block-totals">
            <Text>{t("services.hotelBlocks.totals", { rooms: totals.rooms, nights: totals.nights, roomNights: totals.roomNights })}</Text>
            <Text>
              {t("services.hotelBlocks.fields.cost")}: {formatMoney(totals.costCents, totals.currency, i18n.language)} · {t("services.hotelBlocks.fields.price")}:{" "}
              {formatMoney(totals.priceCents, totals.currency, i18n.language)}
            </Text>
            <Text data-testid="hotel-block-availability">
              {t("services.blocks.availability")}: {t("services.availabilityDetail", loaderData.availability.total)}
            </Text>
          </Flex>
        </FormSection>
      )}
      {!isNew && (
        <FormSection title={t("services.hotelBlocks.sections.rooming")} hint={t("services.hotelBlocks.rooming.hint")}>
          <RoomingForm
            key={`rooming-${loaderData.rooms.map((r) => r.version).join(".")}`}
            rooms={loaderData.rooms}
            errors={ad?.rooming?.errors}
            stale={!!ad?.rooming?.stale}
            exportBase={`${HOTEL_BLOCK_LIST_PATH}/rooming/${loaderData.blockId}`}
          />
        </FormSection>
      )}
      {loaderData.history && (
        <RecordHistory entries={loaderData.history.entries} more={loaderData.history.more} timeZone={loaderData.timeZone} fieldLabel={fieldLabel} formatValue={formatValue} />
      )}
    </Flex>
  );
}

type Option = { value: string; label: string };
type TypeAvailability = { id: string; total: number; held: number; sold: number; free: number };

function HotelBlockFields({
  defaultValue,
  version,
  lastResult,
  isNew,
  hotels,
  destinations,
  availability,
}: {
  defaultValue: Record<string, unknown>;
  version: number;
  lastResult: SubmissionResult<string[]> | undefined;
  isNew: boolean;
  hotels: Option[];
  destinations: Option[];
  availability: TypeAvailability[];
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [form, fields] = useRecordForm({
    id: "hotel-block-form",
    loadSchema: () => import("~/lib/services/hotel-block.schema").then((m) => m.hotelBlockSchema()),
    lastResult,
    defaultValue,
  });
  const roomTypes = fields.roomTypes.getFieldList();
  const listError = errorText(((fields.roomTypes as FieldMetadata<unknown>).errors as string[] | undefined)?.[0]);
  return (
    <RecordForm form={form} isNew={isNew} version={version} cancelHref={HOTEL_BLOCK_LIST_PATH} busyIntent="save">
      <FormSection title={t("services.hotelBlocks.sections.hotel")}>
        <div className="form-grid">
          <div className="span-all">
            <FormField field={fields.title} label={t("services.hotelBlocks.fields.title")} hint={t("services.hotelBlocks.hints.title")} required autoComplete="off" />
          </div>
          <SelectField field={fields.hotelId} label={t("services.hotelBlocks.fields.hotelId")} options={[{ value: "", label: "—" }, ...hotels]} required />
          <SelectField field={fields.destinationId} label={t("services.hotelBlocks.fields.destinationId")} options={[{ value: "", label: t("services.blocks.noDestination") }, ...destinations]} />
        </div>
      </FormSection>

      <FormSection title={t("services.hotelBlocks.sections.dates")}>
        <div className="form-grid">
          <FormField field={fields.checkIn} label={t("services.hotelBlocks.fields.checkIn")} type="date" required />
          <FormField field={fields.checkOut} label={t("services.hotelBlocks.fields.checkOut")} type="date" required />
          <FormField field={fields.releaseDate} label={t("services.hotelBlocks.fields.releaseDate")} type="date" hint={t("services.hotelBlocks.hints.releaseDate")} />
          <SelectField field={fields.mealPlan} label={t("services.hotelBlocks.fields.mealPlan")} options={MEAL_PLANS.map((m) => ({ value: m, label: t(`services.mealPlans.${m}`) }))} required />
          <SelectField field={fields.currency} label={t("services.hotelBlocks.fields.currency")} options={SERVICE_CURRENCIES.map((c) => ({ value: c, label: c }))} required />
        </div>
      </FormSection>

      <FormSection title={t("services.hotelBlocks.sections.roomTypes")} hint={t("services.hotelBlocks.hints.roomTypes")}>
        <Flex direction="column" gap="3" data-testid="room-types">
          {roomTypes.map((row, i) => {
            const r = row.getFieldset();
            const stored = availability.find((a) => a.id === r.id.initialValue);
            return (
              <Card key={row.key} variant="surface" data-testid="room-type">
                <Flex justify="between" align="center" mb="2" gap="2">
                  <Text size="2" weight="medium">
                    {t("services.hotelBlocks.roomTypeRow", { number: i + 1 })}
                    {stored && (
                      <Text size="1" color="gray" weight="regular">
                        {" · "}
                        {t("services.availability", stored)}
                      </Text>
                    )}
                  </Text>
                  <Flex gap="1">
                    {i > 0 && (
                      <IconButton type="submit" variant="soft" color="gray" aria-label={t("services.blocks.moveUp")} {...form.reorder.getButtonProps({ name: fields.roomTypes.name, from: i, to: i - 1 })}>
                        <ArrowUp size={16} />
                      </IconButton>
                    )}
                    {i < roomTypes.length - 1 && (
                      <IconButton type="submit" variant="soft" color="gray" aria-label={t("services.blocks.moveDown")} {...form.reorder.getButtonProps({ name: fields.roomTypes.name, from: i, to: i + 1 })}>
                        <ArrowDown size={16} />
                      </IconButton>
                    )}
                    {roomTypes.length > 1 && (
                      <IconButton type="submit" variant="soft" color="gray" aria-label={t("services.hotelBlocks.removeRoomType")} {...form.remove.getButtonProps({ name: fields.roomTypes.name, index: i })} data-testid="remove-room-type">
                        <X size={16} />
                      </IconButton>
                    )}
                  </Flex>
                </Flex>
                <input type="hidden" name={r.id.name} defaultValue={(r.id.initialValue as string | undefined) ?? ""} />
                <div className="form-grid">
                  <FormField field={r.name} label={t("services.hotelBlocks.fields.name")} required autoComplete="off" placeholder="Standard duplo" />
                  <FormField field={r.occupancy} label={t("services.hotelBlocks.fields.occupancy")} inputMode="numeric" required />
                  <FormField field={r.quantity} label={t("services.hotelBlocks.fields.quantity")} inputMode="numeric" required />
                  <FormField field={r.nightlyCost} label={t("services.hotelBlocks.fields.nightlyCost")} inputMode="decimal" placeholder="0,00" />
                  <FormField field={r.nightlyPrice} label={t("services.hotelBlocks.fields.nightlyPrice")} inputMode="decimal" placeholder="0,00" />
                </div>
              </Card>
            );
          })}
          {listError && (
            <Text size="1" color="red" role="alert">
              {listError}
            </Text>
          )}
          {roomTypes.length < MAX_ROOM_TYPES && (
            <Flex>
              <Button type="submit" variant="ghost" {...form.insert.getButtonProps({ name: fields.roomTypes.name, defaultValue: EMPTY_ROOM_TYPE })} data-testid="add-room-type">
                <Plus size={14} aria-hidden /> {t("services.hotelBlocks.addRoomType")}
              </Button>
            </Flex>
          )}
        </Flex>
      </FormSection>

      <FormSection title={t("services.hotelBlocks.sections.notes")}>
        <TextAreaField field={fields.notes} label={t("services.hotelBlocks.fields.notes")} rows={3} />
      </FormSection>
    </RecordForm>
  );
}

/** A missing record (or another agency's) shows inside the shell. */
export { ShellErrorBoundary as ErrorBoundary } from "~/components/ui/RouteError";
