/**
 * The drag-and-drop of ServiceImages (dnd-kit: pointer and keyboard sensors,
 * announcements in the user's language), in a chunk of its own: ServiceImages
 * renders the same grid without it until it arrives, so dnd-kit stays out of
 * the package and excursion forms' route chunks.
 */
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from "@dnd-kit/core";
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { ReactNode } from "react";
import type { SortableBits } from "~/components/services/ServiceImages";

export default function SortableImageGrid({
  ids,
  contextId,
  nameOf,
  instructions,
  onReorder,
  render,
}: {
  ids: string[];
  contextId: string;
  nameOf: (id: string) => string;
  instructions: string;
  onReorder: (ids: string[]) => void;
  render: (id: string, index: number, sortable: SortableBits) => ReactNode;
}) {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const announcements: Announcements = {
    onDragStart: ({ active }) => nameOf(String(active.id)),
    onDragOver: ({ active, over }) => (over ? `${nameOf(String(active.id))} → ${nameOf(String(over.id))}` : undefined),
    onDragEnd: ({ active }) => nameOf(String(active.id)),
    onDragCancel: ({ active }) => nameOf(String(active.id)),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(arrayMove(ids, ids.indexOf(String(active.id)), ids.indexOf(String(over.id))));
  };
  return (
    <DndContext
      id={`package-images-${contextId}`}
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }}
    >
      <SortableContext items={ids} strategy={rectSortingStrategy}>
        <ul className="package-images" data-testid="package-image-list">
          {ids.map((id, index) => (
            <SortableItem key={id} id={id} index={index} render={render} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, index, render }: { id: string; index: number; render: (id: string, index: number, sortable: SortableBits) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return render(id, index, { setNodeRef, setActivatorNodeRef, handleProps: { ...attributes, ...listeners }, style: { transform: CSS.Translate.toString(transform), transition }, isDragging });
}
