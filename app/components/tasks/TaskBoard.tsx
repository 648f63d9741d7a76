/**
 * The task board (issue #18): a column per status, cards in position order; a card
 * moves by pointer or keyboard (dnd-kit: Space to pick up, arrows, Space to drop),
 * the move is posted to the server (a fetcher; a stale version is refused and the
 * board re-read) and every other open board of the agency hears it through the
 * tasks board room and shows it at once.
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
  type DragOverEvent,
  type DragStartEvent,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Flex, Heading, Text } from "@radix-ui/themes";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher, useRevalidator } from "react-router";
import { TaskCardBody, type CardData } from "~/components/tasks/TaskCard";
import { LiveRoom } from "~/components/ui/LiveRoom";
import { BOARDS_PARTY, type BoardRoomEvent } from "~/lib/platform/board-room";
import { TASK_STATUSES, taskStatusPath, type TaskStatus } from "~/lib/tasks/task";

export type BoardCard = CardData & { position: number; version: number };
export type BoardColumnData = { status: TaskStatus; count: number; cards: BoardCard[] };

type Columns = Record<TaskStatus, string[]>;

const toColumns = (columns: readonly BoardColumnData[]): Columns =>
  Object.fromEntries(TASK_STATUSES.map((s) => [s, columns.find((c) => c.status === s)?.cards.map((c) => c.id) ?? []])) as Columns;
const toCards = (columns: readonly BoardColumnData[]) => Object.fromEntries(columns.flatMap((c) => c.cards.map((card) => [card.id, card]))) as Record<string, BoardCard>;
const columnOf = (cols: Columns, id: string): TaskStatus | null => (TASK_STATUSES as readonly string[]).includes(id) ? (id as TaskStatus) : (TASK_STATUSES.find((s) => cols[s].includes(id)) ?? null);

export function TaskBoard({
  columns,
  room,
  me,
  timeZone,
  now,
  dayEnd,
  action,
}: {
  columns: readonly BoardColumnData[];
  room: string;
  me: string;
  timeZone: string;
  now: number;
  dayEnd: string;
  /** Where moves are posted. */
  action: string;
}) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const fetcher = useFetcher<{ moved?: { id: string; version: number; position: number; status: TaskStatus }; stale?: boolean; toast?: unknown }>();
  const [cols, setCols] = useState(() => toColumns(columns));
  const [cards, setCards] = useState(() => toCards(columns));
  const [connected, setConnected] = useState(false);
  const origin = useRef<{ cols: Columns; status: TaskStatus } | null>(null);

  // A reload is what D1 has now.
  const [loaded, setLoaded] = useState(columns);
  if (loaded !== columns) {
    setLoaded(columns);
    setCols(toColumns(columns));
    setCards(toCards(columns));
  }

  // Our own move saved: the card's new version, until the router's revalidation brings the board again.
  const [seenMove, setSeenMove] = useState(fetcher.data);
  if (fetcher.data !== seenMove) {
    setSeenMove(fetcher.data);
    const moved = fetcher.data?.moved;
    if (moved && cards[moved.id]) setCards({ ...cards, [moved.id]: { ...cards[moved.id]!, version: moved.version, position: moved.position, status: moved.status } });
  }

  // A refused move (stale, not allowed): the router does not re-read after a 4xx, so the board does.
  const refused = fetcher.state === "idle" && !!fetcher.data && !fetcher.data.moved;
  const { revalidate } = revalidator;
  useEffect(() => {
    if (refused) void revalidate();
  }, [refused, fetcher.data, revalidate]);

  const onEvent = (event: BoardRoomEvent) => {
    if (event.type === "pong" || event.by === me) return;
    if (event.type === "moved") {
      const known = cards[event.id];
      if (known) {
        const next = { ...cards, [event.id]: { ...known, status: event.column as TaskStatus, position: event.position, version: event.version } };
        setCards(next);
        setCols((c) => {
          const out = Object.fromEntries(TASK_STATUSES.map((s) => [s, c[s].filter((id) => id !== event.id)])) as Columns;
          const target = event.column as TaskStatus;
          if (out[target]) out[target] = [...out[target], event.id].sort((a, b) => (next[a]?.position ?? 0) - (next[b]?.position ?? 0) || (a < b ? -1 : 1));
          return out;
        });
      }
    }
    void revalidator.revalidate();
  };

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const titleOf = (id: string) => cards[id]?.title ?? id;
  const statusName = (id: string | undefined) => {
    if (!id) return "";
    const s = columnOf(cols, id);
    return s ? t(`tasks.statuses.${s}`) : "";
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("tasks.board.dragStart", { title: titleOf(String(active.id)) }),
    onDragOver: ({ active, over }) => (over ? t("tasks.board.dragOver", { title: titleOf(String(active.id)), status: statusName(String(over.id)) }) : undefined),
    onDragEnd: ({ active }) => t("tasks.board.dragEnd", { title: titleOf(String(active.id)), status: statusName(String(active.id)) }),
    onDragCancel: () => t("tasks.board.dragCancel"),
  };

  const onDragStart = ({ active }: DragStartEvent) => {
    const status = columnOf(cols, String(active.id));
    origin.current = status ? { cols, status } : null;
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over) return;
    const id = String(active.id);
    const from = columnOf(cols, id);
    const to = columnOf(cols, String(over.id));
    if (!from || !to || from === to) return;
    setCols((c) => {
      const target = c[to];
      const overIndex = target.indexOf(String(over.id));
      const index = overIndex < 0 ? target.length : overIndex;
      return { ...c, [from]: c[from].filter((x) => x !== id), [to]: [...target.slice(0, index), id, ...target.slice(index)] };
    });
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const start = origin.current;
    origin.current = null;
    const id = String(active.id);
    if (!over || !start) {
      if (start) setCols(start.cols);
      return;
    }
    const status = columnOf(cols, id);
    if (!status) return;
    let list = cols[status];
    const overIndex = list.indexOf(String(over.id));
    if (overIndex >= 0 && overIndex !== list.indexOf(id)) list = arrayMove(list, list.indexOf(id), overIndex);
    const next = { ...cols, [status]: list };
    setCols(next);
    const index = list.indexOf(id);
    const unchanged = status === start.status && start.cols[status].join() === list.join();
    if (unchanged) return;
    const card = cards[id];
    if (!card) return;
    fetcher.submit(
      { intent: "move", id, version: String(card.version), status, beforeId: list[index - 1] ?? "", afterId: list[index + 1] ?? "" },
      { method: "post", action },
    );
  };

  const onDragCancel = () => {
    if (origin.current) setCols(origin.current.cols);
    origin.current = null;
  };

  return (
    <Flex direction="column" gap="2">
      <LiveRoom<BoardRoomEvent> party={BOARDS_PARTY} room={room} onEvent={onEvent} onOpen={() => setConnected(true)} onClose={() => setConnected(false)} />
      <Flex justify="between" align="center" gap="2" wrap="wrap">
        <Text size="1" color="gray" id="task-board-instructions">
          {t("tasks.board.instructions")}
        </Text>
        <Text size="1" color={connected ? "green" : "gray"} data-testid="task-board-live" data-connected={connected ? "true" : "false"} role="status">
          {connected ? t("tasks.board.live") : t("tasks.board.offline")}
        </Text>
      </Flex>
      <DndContext
        id="task-board"
        sensors={sensors}
        collisionDetection={closestCorners}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t("tasks.board.instructions") } }}
      >
        <div className="task-board" data-testid="task-board">
          {TASK_STATUSES.map((status) => {
            const count = columns.find((c) => c.status === status)?.count ?? 0;
            return (
              <BoardColumn key={status} status={status} ids={cols[status]} title={t(`tasks.statuses.${status}`)} count={count}>
                {cols[status].map((id) =>
                  cards[id] ? (
                    <SortableCard key={id} id={id} label={t("tasks.board.card", { title: cards[id]!.title, status: t(`tasks.statuses.${status}`) })}>
                      <TaskCardBody card={cards[id]!} timeZone={timeZone} now={now} dayEnd={dayEnd} />
                    </SortableCard>
                  ) : null,
                )}
                {cols[status].length === 0 && (
                  <Text size="1" color="gray">
                    {t("tasks.board.empty")}
                  </Text>
                )}
                {count > cols[status].length && (
                  <Link to={taskStatusPath(status)}>
                    <Text size="1">{t("tasks.board.more", { count })}</Text>
                  </Link>
                )}
              </BoardColumn>
            );
          })}
        </div>
      </DndContext>
    </Flex>
  );
}

function BoardColumn({ status, ids, title, count, children }: { status: TaskStatus; ids: string[]; title: string; count: number; children: React.ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: status });
  return (
    <section className="task-column" ref={setNodeRef} data-over={isOver ? "true" : "false"} data-testid={`task-column-${status}`} aria-labelledby={`task-column-${status}-title`}>
      <Flex justify="between" align="center">
        <Heading as="h2" size="2" id={`task-column-${status}-title`}>
          <Link to={taskStatusPath(status)}>{title}</Link>
        </Heading>
        <Text size="1" color="gray" data-testid={`task-column-${status}-count`}>
          {count}
        </Text>
      </Flex>
      <SortableContext id={status} items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </section>
  );
}

function SortableCard({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id, attributes: { role: "group" } });
  return (
    <div
      ref={setNodeRef}
      className="task-card"
      data-testid="task-card"
      data-task-id={id}
      data-dragging={isDragging ? "true" : "false"}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      {...attributes}
      {...listeners}
      aria-label={label}
      aria-describedby="task-board-instructions"
    >
      {children}
    </div>
  );
}
