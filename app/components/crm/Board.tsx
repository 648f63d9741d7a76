/**
 * The CRM pipeline (/crm): a column per stage with its count and total (the stage's
 * counters), cards moved by drag and drop (dnd-kit: pointer and keyboard sensors) or by
 * each card's "Mover para…" menu. A move is saved on the server (the action revalidates
 * the board); other users' moves arrive through the agency's crm board room and are
 * applied at once, then the board re-reads.
 */
import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Badge, Box, Button, Card, Dialog, DropdownMenu, Flex, Heading, IconButton, Text, TextArea } from "@radix-ui/themes";
import { GripVertical, MoreHorizontal, Plus, Settings } from "lucide-react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useRevalidator } from "react-router";
import { LiveRoom } from "~/components/ui/LiveRoom";
import { PageHeader } from "~/components/ui/PageHeader";
import { dealHref, DEALS_PATH, stageHref, type BoardCard } from "~/lib/crm/deal";
import { daysSince, STAGES_PATH } from "~/lib/crm/stages";
import { BOARDS_PARTY, boardRoomName, type BoardRoomEvent } from "~/lib/platform/board-room";
import { formatCalendarDate, formatMoney } from "~/lib/platform/format";

export type BoardStage = { id: string; name: string; slug: string; kind: "open" | "won" | "lost"; color: string; dealCount: number; valueCents: number };
export type BoardCardData = BoardCard;

type Props = { agencyId: string; userId: string; stages: BoardStage[]; cards: BoardCardData[]; currency: string };
type PendingMove = { card: BoardCardData; stageId: string; index: number };

const byPosition = (a: BoardCardData, b: BoardCardData) => a.position - b.position || (a.id < b.id ? -1 : 1);

export function Board({ agencyId, stages, cards: loaded, currency }: Props) {
  const { t, i18n } = useTranslation();
  const [cards, setCards] = useState(loaded);
  // A new load (after a move, a revalidation) replaces what was moved locally.
  const [shown, setShown] = useState(loaded);
  if (shown !== loaded) {
    setShown(loaded);
    setCards(loaded);
  }
  const [connected, setConnected] = useState(false);
  const [lost, setLost] = useState<PendingMove | null>(null);
  const [reason, setReason] = useState("");
  const fetcher = useFetcher();
  const revalidator = useRevalidator();

  const columns = useMemo(() => new Map(stages.map((s) => [s.id, cards.filter((c) => c.stageId === s.id).sort(byPosition)])), [stages, cards]);
  const stageOf = (id: string) => stages.find((s) => s.id === id);

  /** Puts the card at `index` of the stage's column (locally at once) and saves the move. */
  const move = ({ card, stageId, index }: PendingMove, lostReason?: string) => {
    const column = (columns.get(stageId) ?? []).filter((c) => c.id !== card.id);
    const above = index > 0 ? column[index - 1] : undefined;
    const below = column[index];
    if (card.stageId === stageId && (columns.get(stageId) ?? []).indexOf(card) === index) return;
    if (stageOf(stageId)?.kind === "lost" && card.stageId !== stageId && lostReason === undefined) {
      setReason("");
      setLost({ card, stageId, index });
      return;
    }
    const local = above && below ? (above.position + below.position) / 2 : above ? above.position + 1 : below ? below.position - 1 : 0;
    setCards((all) => all.map((c) => (c.id === card.id ? { ...c, stageId, position: local } : c)));
    fetcher.submit(
      { intent: "move", deal: card.id, stage: stageId, after: above?.id ?? "", before: below?.id ?? "", version: String(card.version), lostReason: lostReason ?? "" },
      { method: "post", action: "/crm?index" },
    );
  };

  const onEvent = (event: BoardRoomEvent) => {
    if (event.type === "pong") return;
    // Our own moves come back too (another tab of ours may show the board): applying one again changes nothing.
    if (event.type === "moved") {
      setCards((all) => (all.some((c) => c.id === event.id) ? all.map((c) => (c.id === event.id ? { ...c, stageId: event.column, position: event.position, version: event.version } : c)) : all));
    }
    void revalidator.revalidate();
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const titleOf = (id: string) => cards.find((c) => c.id === id)?.title ?? stageOf(id.replace(/^col:/, ""))?.name ?? "";
  const announcements: Announcements = {
    onDragStart: ({ active }) => titleOf(String(active.id)),
    onDragOver: ({ active, over }) => (over ? `${titleOf(String(active.id))} → ${titleOf(String(over.id))}` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${titleOf(String(active.id))} → ${titleOf(String(over.id))}` : titleOf(String(active.id))),
    onDragCancel: ({ active }) => titleOf(String(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const card = cards.find((c) => c.id === String(active.id));
    if (!card || !over) return;
    const overId = String(over.id);
    if (overId.startsWith("col:")) {
      const stageId = overId.slice(4);
      move({ card, stageId, index: (columns.get(stageId) ?? []).filter((c) => c.id !== card.id).length });
      return;
    }
    const target = cards.find((c) => c.id === overId);
    if (!target) return;
    const column = (columns.get(target.stageId) ?? []).filter((c) => c.id !== card.id);
    const overIndex = column.findIndex((c) => c.id === target.id);
    const from = (columns.get(card.stageId) ?? []).indexOf(card);
    const original = (columns.get(target.stageId) ?? []).findIndex((c) => c.id === target.id);
    // Within a column, dropping on a card below puts it after that card.
    const index = target.stageId === card.stageId && from < original ? overIndex + 1 : overIndex;
    move({ card, stageId: target.stageId, index });
  };

  return (
    <Flex direction="column" gap="4" data-testid="crm-board" data-live={connected ? "on" : "off"}>
      <PageHeader
        title={t("crm.board.title")}
        subtitle={t("crm.board.subtitle")}
        trail={[]}
        actions={
          <Flex gap="2" align="center" wrap="wrap">
            <Badge color={connected ? "green" : "gray"} data-testid="crm-live">
              {connected ? t("crm.board.live") : t("crm.board.offline")}
            </Badge>
            <Button asChild variant="soft">
              <Link to={STAGES_PATH}>
                <Settings size={14} aria-hidden /> {t("crm.board.stages")}
              </Link>
            </Button>
            <Button asChild>
              <Link to={`${DEALS_PATH}/novo`}>
                <Plus size={14} aria-hidden /> {t("crm.deal.new")}
              </Link>
            </Button>
          </Flex>
        }
      />
      <LiveRoom<BoardRoomEvent> party={BOARDS_PARTY} room={boardRoomName(agencyId, "crm")} onEvent={onEvent} onOpen={() => setConnected(true)} onClose={() => setConnected(false)} />
      <DndContext
        id="crm-board"
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragEnd={onDragEnd}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("crm.board.subtitle") } }}
      >
        <div style={{ display: "flex", gap: "var(--space-3)", overflowX: "auto", alignItems: "flex-start", paddingBottom: "var(--space-3)" }}>
          {stages.map((stage) => (
            <Column key={stage.id} stage={stage} cards={columns.get(stage.id) ?? []} currency={currency}>
              {(columns.get(stage.id) ?? []).map((card) => (
                <DealCard
                  key={card.id}
                  card={card}
                  color={stage.color}
                  stages={stages}
                  language={i18n.language}
                  onMove={(stageId) => move({ card, stageId, index: 0 })}
                />
              ))}
            </Column>
          ))}
        </div>
      </DndContext>
      <Dialog.Root open={lost !== null} onOpenChange={(open) => !open && setLost(null)}>
        <Dialog.Content maxWidth="420px">
          <Dialog.Title>{t("crm.board.lostReasonTitle")}</Dialog.Title>
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (!lost || !reason.trim()) return;
              move(lost, reason.trim());
              setLost(null);
            }}
          >
            <Flex direction="column" gap="3">
              <label>
                <Text as="div" size="2" mb="1" weight="medium">
                  {t("crm.board.lostReasonPrompt")}
                </Text>
                <TextArea name="lostReason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required data-testid="lost-reason" />
              </label>
              <Flex gap="2" justify="end">
                <Dialog.Close>
                  <Button type="button" variant="soft" color="gray">
                    {t("crm.board.cancel")}
                  </Button>
                </Dialog.Close>
                <Button type="submit" color="red">
                  {t("crm.board.confirmLost")}
                </Button>
              </Flex>
            </Flex>
          </form>
        </Dialog.Content>
      </Dialog.Root>
    </Flex>
  );
}

function Column({ stage, cards, currency, children }: { stage: BoardStage; cards: BoardCardData[]; currency: string; children: React.ReactNode }) {
  const { t, i18n } = useTranslation();
  const { setNodeRef, isOver } = useDroppable({ id: `col:${stage.id}` });
  return (
    <section
      ref={setNodeRef}
      aria-labelledby={`stage-${stage.id}`}
      data-testid={`crm-column-${stage.slug}`}
      style={{
        flex: "0 0 272px",
        background: isOver ? "var(--accent-a3)" : "var(--gray-a2)",
        borderRadius: "var(--radius-3)",
        padding: "var(--space-2)",
        borderTop: `3px solid var(--${stage.color}-9)`,
        minHeight: 120,
      }}
    >
      <Flex justify="between" align="baseline" gap="2" mb="2">
        <Heading as="h2" size="3" id={`stage-${stage.id}`}>
          <Link to={stageHref(stage.slug)}>{stage.name}</Link>
        </Heading>
        <Text size="1" color="gray" data-testid="crm-column-count">
          {t("crm.board.count", { count: stage.dealCount })}
        </Text>
      </Flex>
      <Text as="div" size="2" weight="medium" mb="2" data-testid="crm-column-total">
        {formatMoney(stage.valueCents, currency, i18n.language)}
      </Text>
      <SortableContext id={stage.id} items={cards.map((c) => c.id)} strategy={verticalListSortingStrategy}>
        <ul style={{ listStyle: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", gap: "var(--space-2)", minHeight: 40 }}>{children}</ul>
      </SortableContext>
      {cards.length === 0 && (
        <Text size="1" color="gray">
          {t("crm.board.empty")}
        </Text>
      )}
      {stage.dealCount > cards.length && (
        <Text as="div" size="1" mt="2">
          <Link to={stageHref(stage.slug)}>{t("crm.board.more", { count: stage.dealCount })}</Link>
        </Text>
      )}
    </section>
  );
}

function DealCard({ card, color, stages, language, onMove }: { card: BoardCardData; color: string; stages: BoardStage[]; language: string; onMove: (stageId: string) => void }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: card.id });
  const days = daysSince(card.stageEnteredAt);
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }} data-testid="crm-card" data-deal={card.id}>
      <Card size="1" style={{ borderLeft: `3px solid var(--${color}-9)` }}>
        <Flex gap="2" align="start">
          <IconButton
            ref={setActivatorNodeRef}
            size="1"
            variant="ghost"
            color="gray"
            aria-label={t("crm.board.dragHint", { title: card.title })}
            data-testid="crm-card-handle"
            {...attributes}
            {...listeners}
          >
            <GripVertical size={14} aria-hidden />
          </IconButton>
          <Box style={{ minWidth: 0, flex: 1 }}>
            <Link to={dealHref(card.id)} style={{ fontWeight: 500 }} data-testid="crm-card-title">
              {card.title}
            </Link>
            <Text as="div" size="1" color="gray">
              {card.contact}
              {card.isLead && (
                <Badge size="1" ml="1" color="amber">
                  {t("crm.board.lead")}
                </Badge>
              )}
            </Text>
            <Flex justify="between" gap="2" mt="1" wrap="wrap">
              <Text size="2" weight="medium">
                {formatMoney(card.valueCents, card.currency, language)}
              </Text>
              <Text size="1" color="gray">
                {card.ownerName ?? "—"}
              </Text>
            </Flex>
            <Text as="div" size="1" color="gray">
              {t("crm.board.daysInStage", { count: days })}
              {card.expectedCloseDate && ` · ${t("crm.board.closes", { date: formatCalendarDate(card.expectedCloseDate, language, "short") })}`}
            </Text>
          </Box>
          <DropdownMenu.Root>
            <DropdownMenu.Trigger>
              <IconButton size="1" variant="ghost" color="gray" aria-label={`${t("crm.board.moveTo")} ${card.title}`} data-testid="crm-card-menu">
                <MoreHorizontal size={14} aria-hidden />
              </IconButton>
            </DropdownMenu.Trigger>
            <DropdownMenu.Content>
              <DropdownMenu.Label>{t("crm.board.moveTo")}</DropdownMenu.Label>
              {stages
                .filter((s) => s.id !== card.stageId)
                .map((s) => (
                  <DropdownMenu.Item key={s.id} onSelect={() => onMove(s.id)} data-testid={`crm-move-${s.slug}`}>
                    {s.name}
                  </DropdownMenu.Item>
                ))}
            </DropdownMenu.Content>
          </DropdownMenu.Root>
        </Flex>
      </Card>
    </li>
  );
}
