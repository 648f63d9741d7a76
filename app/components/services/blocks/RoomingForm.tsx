import { Badge, Button, Flex, Table, Text, TextArea } from "@radix-ui/themes";
import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { useErrorText } from "~/components/ui/FormField";
import { Notice } from "~/components/ui/Notice";

export type RoomingRoomView = {
  id: string;
  version: number;
  roomTypeName: string;
  roomIndex: number;
  occupancy: number;
  guests: string[];
  sold: boolean;
};

/**
 * The rooming list of a block: one row per room with its guests (one name per
 * line), posted as `guests.<roomId>` with the room's `version.<roomId>`
 * (intent "rooming"); a plain form, so it works without JavaScript. The
 * hotel's files (CSV, PDF) are linked above it.
 */
export function RoomingForm({
  rooms,
  errors,
  stale,
  exportBase,
}: {
  rooms: RoomingRoomView[];
  errors: Record<string, string> | undefined;
  stale: boolean;
  exportBase: string;
}) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "rooming";
  return (
    <Flex direction="column" gap="3" data-testid="rooming">
      <Flex gap="2" wrap="wrap">
        <Button asChild variant="soft" color="gray">
          <a href={`${exportBase}/csv`} download data-testid="rooming-csv">
            <Download size={16} aria-hidden /> {t("services.blocks.csv")}
          </a>
        </Button>
        <Button asChild variant="soft" color="gray">
          <a href={`${exportBase}/pdf`} download data-testid="rooming-pdf">
            <Download size={16} aria-hidden /> {t("services.blocks.pdf")}
          </a>
        </Button>
      </Flex>
      {stale && (
        <Notice tone="error" testId="rooming-stale">
          {t("services.hotelBlocks.rooming.stale")}
        </Notice>
      )}
      {errors && Object.keys(errors).length > 0 && <Notice tone="error">{t("services.hotelBlocks.rooming.invalid")}</Notice>}
      {rooms.length === 0 ? (
        <Text color="gray">{t("services.hotelBlocks.rooming.empty")}</Text>
      ) : (
        <Form method="post" replace>
          <input type="hidden" name="intent" value="rooming" />
          <Table.Root variant="surface" size="1">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>{t("services.hotelBlocks.fields.room")}</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>{t("services.hotelBlocks.fields.guests")}</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rooms.map((r) => {
                const id = `guests-${r.id}`;
                const error = errors?.[r.id];
                return (
                  <Table.Row key={r.id} data-testid="rooming-room">
                    <Table.RowHeaderCell>
                      <Flex direction="column" gap="1">
                        <Text as="label" htmlFor={id} weight="medium">
                          {t("services.hotelBlocks.rooming.room", { type: r.roomTypeName, number: r.roomIndex })}
                        </Text>
                        <Text size="1" color="gray">
                          {t("services.hotelBlocks.fields.occupancy")}: {r.occupancy}
                        </Text>
                        {r.sold && (
                          <Badge color="blue" variant="soft">
                            {t("services.hotelBlocks.rooming.sold")}
                          </Badge>
                        )}
                      </Flex>
                    </Table.RowHeaderCell>
                    <Table.Cell>
                      <input type="hidden" name={`version.${r.id}`} value={r.version} />
                      <TextArea
                        id={id}
                        name={`guests.${r.id}`}
                        defaultValue={r.guests.join("\n")}
                        rows={Math.max(1, Math.min(r.occupancy, 4))}
                        aria-describedby={error ? `${id}-error` : undefined}
                        aria-invalid={error ? true : undefined}
                        color={error ? "red" : undefined}
                      />
                      {error && (
                        <Text size="1" color="red" id={`${id}-error`}>
                          {errorText(error)}
                        </Text>
                      )}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
          <Flex mt="3">
            <Button type="submit" disabled={busy} data-testid="rooming-save">
              {t("services.hotelBlocks.rooming.save")}
            </Button>
          </Flex>
        </Form>
      )}
    </Flex>
  );
}
