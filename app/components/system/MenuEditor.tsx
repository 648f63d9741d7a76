/**
 * Menu management's editor: every licence entry in its sibling order, reordered
 * by drag and drop or by keyboard (dnd-kit's keyboard sensor, and explicit move
 * up / move down buttons), renamed per language, with a live preview of the
 * sidebar built by the shell's own buildSidebar(). The form posts the complete
 * order (`order`, depth first) and every label (`label.<id>.<lng>`); the server
 * validates all of it against the agency's licence.
 */
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Card, Flex, Heading, IconButton, Text, TextField, Tooltip, VisuallyHidden } from "@radix-ui/themes";
import { ChevronDown, ChevronRight, ChevronUp, GripVertical, Pencil } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavIcon } from "~/components/shell/icons";
import { StatusBadge } from "~/components/ui/StatusBadge";
import { labelField, licenceEntries, MAX_LABEL_LENGTH, type Labels, type LicenceEntry } from "~/lib/system/licence-edit";
import type { LicenceModules } from "~/lib/system/licence";
import { buildSidebar, displayNameOf, iconKey, type NavItem, type Translate } from "~/lib/shell/sidebar";
import { lookup } from "~/lib/platform/translate";
import { isLanguage, LANGUAGES, type Language } from "~/locales";

type Props = {
  modules: LicenceModules;
  /** Field errors from the server, by field name (label.<id>.<lng>). */
  fieldErrors?: Record<string, string[]>;
};

const parentOf = (id: string) => (id.includes(".") ? id.slice(0, id.lastIndexOf(".")) : "");

export function MenuEditor({ modules, fieldErrors }: Props) {
  const { t, i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : "pt";
  const tr: Translate = (key) => lookup(i18n, key);
  const entries = useMemo(() => licenceEntries(modules), [modules]);
  const byId = useMemo(() => new Map(entries.map((e) => [e.id, e])), [entries]);
  const [order, setOrder] = useState(() => {
    const map = new Map<string, string[]>();
    for (const e of entries) {
      const parent = parentOf(e.id);
      map.set(parent, [...(map.get(parent) ?? []), e.id]);
    }
    return map;
  });
  const [labels, setLabels] = useState<Record<string, Labels>>(() =>
    Object.fromEntries(entries.map((e) => [e.id, { ...e.entry.labels }])),
  );
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [editing, setEditing] = useState<Set<string>>(() => new Set(Object.keys(fieldErrors ?? {}).map((f) => f.slice("label.".length, f.lastIndexOf(".")))));
  const [announcement, setAnnouncement] = useState("");

  /** The licence as edited: orders by position, labels as typed (for the preview and the default names). */
  const edited = useMemo(() => {
    const next = structuredClone(modules);
    const at = (id: string) => {
      let level: LicenceModules | undefined = next;
      let entry: LicenceModules[string] | undefined;
      for (const key of id.split(".")) {
        entry = level?.[key];
        level = entry?.submodules;
      }
      return entry!;
    };
    for (const ids of order.values()) ids.forEach((id, i) => (at(id).order = i + 1));
    for (const [id, l] of Object.entries(labels)) {
      const clean = Object.fromEntries(Object.entries(l).filter(([, v]) => v && v.trim()));
      at(id).labels = Object.keys(clean).length > 0 ? clean : undefined;
    }
    return next;
  }, [modules, order, labels]);
  const preview = useMemo(() => buildSidebar(edited, { language, t: tr }), [edited, language]); // eslint-disable-line react-hooks/exhaustive-deps

  const nameOf = (e: LicenceEntry) => displayNameOf({ ...e.entry, labels: labels[e.id] }, e.path, { language, t: tr });
  const defaultNameIn = (e: LicenceEntry, lng: Language) => {
    const fixed = i18n.getFixedT(lng);
    const key = `menu.${e.path.join(".")}.title`;
    return i18n.exists(key, { lng }) ? String(fixed(key as never)) : e.entry.name;
  };

  const move = (parent: string, from: number, to: number) => {
    const ids = order.get(parent) ?? [];
    if (to < 0 || to >= ids.length || from === to) return;
    const next = new Map(order);
    next.set(parent, arrayMove(ids, from, to));
    setOrder(next);
    const e = byId.get(ids[from]!)!;
    setAnnouncement(t("menus.moved", { name: nameOf(e), position: to + 1, total: ids.length }));
  };

  /** Every id, depth first, in the edited order: what the form posts. */
  const flatOrder = useMemo(() => {
    const out: string[] = [];
    const walk = (parent: string) => {
      for (const id of order.get(parent) ?? []) {
        out.push(id);
        walk(id);
      }
    };
    walk("");
    return out;
  }, [order]);

  return (
    <div className="menu-editor">
      <Card size="3">
        <Heading as="h2" size="4" mb="1">
          {t("menus.entries")}
        </Heading>
        <Text as="p" size="2" color="gray" mb="3" id="menu-instructions">
          {t("menus.entriesHint")}
        </Text>
        {flatOrder.map((id) => (
          <input key={id} type="hidden" name="order" value={id} />
        ))}
        {renderLevel("")}
        <VisuallyHidden aria-live="polite" aria-atomic="true" data-testid="menu-announcement">
          {announcement}
        </VisuallyHidden>
      </Card>
      <Card size="3" className="menu-preview" asChild>
        <aside aria-labelledby="menu-preview-title">
          <Heading as="h2" size="4" mb="1" id="menu-preview-title">
            {t("menus.preview")}
          </Heading>
          <Text as="p" size="2" color="gray" mb="3">
            {t("menus.previewHint", { language: t(`language.${language}`) })}
          </Text>
          <PreviewList items={preview} root />
        </aside>
      </Card>
    </div>
  );

  function renderLevel(parentId: string): React.ReactNode {
    const ids = order.get(parentId) ?? [];
    if (ids.length === 0) return null;
    return (
      <SortableLevel
        parent={parentId}
        ids={ids}
        onMove={(from, to) => move(parentId, from, to)}
        nameOf={(id) => nameOf(byId.get(id)!)}
        render={(id, index, total, handle) => {
          const e = byId.get(id)!;
          return (
            <EntryRow
              entry={e}
              index={index}
              total={total}
              name={nameOf(e)}
              handle={handle}
              labels={labels[id] ?? {}}
              defaultNameIn={(lng) => defaultNameIn(e, lng)}
              onLabel={(lng, value) => setLabels((prev) => ({ ...prev, [id]: { ...prev[id], [lng]: value } }))}
              editing={editing.has(id)}
              onToggleEdit={() => setEditing((prev) => toggled(prev, id))}
              open={open.has(id)}
              onToggleOpen={() => setOpen((prev) => toggled(prev, id))}
              onMove={(to) => move(parentId, index, to)}
              fieldErrors={fieldErrors}
              renderChildren={renderLevel}
            />
          );
        }}
      />
    );
  }
}

function toggled(set: Set<string>, id: string) {
  const next = new Set(set);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** The drag handle of an entry, made where its sortable state lives. */
type Handle = React.ReactNode;

/** One list of siblings with its own drag-and-drop context: entries move among their siblings only. */
function SortableLevel({
  parent,
  ids,
  render,
  onMove,
  nameOf,
}: {
  parent: string;
  ids: string[];
  render: (id: string, index: number, total: number, handle: Handle) => React.ReactNode;
  onMove: (from: number, to: number) => void;
  nameOf: (id: string) => string;
}) {
  const { t } = useTranslation();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const contextId = useId();
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("menus.dnd.picked", { name: nameOf(String(active.id)) }),
    onDragOver: ({ active, over }) => (over ? t("menus.dnd.over", { name: nameOf(String(active.id)), over: nameOf(String(over.id)) }) : undefined),
    onDragEnd: ({ active }) => t("menus.dnd.dropped", { name: nameOf(String(active.id)) }),
    onDragCancel: ({ active }) => t("menus.dnd.cancelled", { name: nameOf(String(active.id)) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      id={`menu-${parent || "root"}-${contextId}`}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("menus.dnd.instructions") } }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul className="menu-list" data-testid={`menu-list-${parent || "root"}`}>
          {ids.map((id, index) => (
            <SortableItem key={id} id={id} label={t("menus.handle", { name: nameOf(id) })}>
              {(handle) => render(id, index, ids.length, handle)}
            </SortableItem>
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, label, children }: { id: string; label: string; children: (handle: Handle) => React.ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const handle = (
    <Tooltip content={label}>
      <IconButton
        type="button"
        variant="ghost"
        color="gray"
        className="menu-handle"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={label}
        aria-describedby="menu-instructions"
        data-testid={`menu-handle-${id}`}
      >
        <GripVertical size={16} aria-hidden />
      </IconButton>
    </Tooltip>
  );
  return (
    <li
      ref={setNodeRef}
      className="menu-item"
      data-dragging={isDragging ? "true" : "false"}
      data-testid={`menu-item-${id}`}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {children(handle)}
    </li>
  );
}

function EntryRow({
  entry,
  index,
  total,
  name,
  handle,
  labels,
  defaultNameIn,
  onLabel,
  editing,
  onToggleEdit,
  open,
  onToggleOpen,
  onMove,
  fieldErrors,
  renderChildren,
}: {
  entry: LicenceEntry;
  index: number;
  total: number;
  name: string;
  handle: Handle;
  labels: Labels;
  defaultNameIn: (lng: Language) => string;
  onLabel: (lng: Language, value: string) => void;
  editing: boolean;
  onToggleEdit: () => void;
  open: boolean;
  onToggleOpen: () => void;
  onMove: (to: number) => void;
  fieldErrors?: Record<string, string[]>;
  renderChildren: (parentId: string) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const hasChildren = !!entry.entry.submodules && Object.keys(entry.entry.submodules).length > 0;
  const labelsId = `labels-${entry.id.replaceAll(".", "-")}`;
  const childrenId = `children-${entry.id.replaceAll(".", "-")}`;
  return (
    <>
      <div className="menu-row">
        {handle}
        <NavIcon icon={iconKey(entry.entry.icon)} size={16} />
        <Text className="menu-name" size="2" weight={entry.depth === 0 ? "bold" : "regular"} data-testid={`menu-name-${entry.id}`}>
          {name}
        </Text>
        {!entry.entry.enabled && (
          <StatusBadge>
            {t("menus.disabled")}
          </StatusBadge>
        )}
        <IconButton
          type="button"
          size="1"
          variant="ghost"
          color="gray"
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={t("menus.moveUp", { name })}
          data-testid={`menu-up-${entry.id}`}
        >
          <ChevronUp size={16} aria-hidden />
        </IconButton>
        <IconButton
          type="button"
          size="1"
          variant="ghost"
          color="gray"
          disabled={index === total - 1}
          onClick={() => onMove(index + 1)}
          aria-label={t("menus.moveDown", { name })}
          data-testid={`menu-down-${entry.id}`}
        >
          <ChevronDown size={16} aria-hidden />
        </IconButton>
        <IconButton
          type="button"
          size="1"
          variant={editing ? "soft" : "ghost"}
          color="gray"
          onClick={onToggleEdit}
          aria-expanded={editing}
          aria-controls={labelsId}
          aria-label={t("menus.rename", { name })}
          data-testid={`menu-rename-${entry.id}`}
        >
          <Pencil size={14} aria-hidden />
        </IconButton>
        {hasChildren && (
          <IconButton
            type="button"
            size="1"
            variant="ghost"
            color="gray"
            onClick={onToggleOpen}
            aria-expanded={open}
            aria-controls={childrenId}
            aria-label={open ? t("menus.hideSubmodules", { name }) : t("menus.showSubmodules", { name })}
            data-testid={`menu-expand-${entry.id}`}
          >
            {open ? <ChevronDown size={16} aria-hidden /> : <ChevronRight size={16} aria-hidden />}
          </IconButton>
        )}
      </div>
      {/* Always in the form (hidden when closed), so every label is posted. */}
      <div className="menu-labels" id={labelsId} hidden={!editing}>
        {LANGUAGES.map((lng) => {
          const field = labelField(entry.id, lng);
          const error = fieldErrors?.[field]?.[0];
          const inputId = `${labelsId}-${lng}`;
          return (
            <Flex key={lng} direction="column" gap="1">
              <Text as="label" htmlFor={inputId} size="1" weight="medium">
                {t("menus.labelFor", { language: t(`language.${lng}`) })}
              </Text>
              <TextField.Root
                id={inputId}
                name={field}
                size="2"
                value={labels[lng] ?? ""}
                onChange={(e) => onLabel(lng, e.currentTarget.value)}
                placeholder={defaultNameIn(lng)}
                maxLength={MAX_LABEL_LENGTH}
                color={error ? "red" : undefined}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${inputId}-error` : undefined}
                data-testid={`menu-label-${entry.id}-${lng}`}
              />
              {error && (
                <Text id={`${inputId}-error`} size="1" color="red" role="alert">
                  {t(error as never)}
                </Text>
              )}
            </Flex>
          );
        })}
      </div>
      {hasChildren && (
        <div id={childrenId} hidden={!open}>
          {entry.path[0] === "vendas" && entry.depth === 0 && (
            <Text as="p" size="1" color="gray" ml="6" mt="1">
              {t("menus.alphabetical")}
            </Text>
          )}
          {renderChildren(entry.id)}
        </div>
      )}
    </>
  );
}

function PreviewList({ items, root = false }: { items: NavItem[]; root?: boolean }) {
  if (items.length === 0) return null;
  return (
    <ul data-testid={root ? "menu-preview" : undefined}>
      {items.map((item) => (
        <li key={item.id}>
          <span>
            <NavIcon icon={item.icon} size={16} />
            <Text size="2" weight={item.path.length === 1 ? "medium" : "regular"}>
              {item.name}
            </Text>
          </span>
          <PreviewList items={item.children} />
        </li>
      ))}
    </ul>
  );
}
