/**
 * A package's or excursion's images: upload (resized in the browser to at most 1600 px, plus a
 * 400 px thumbnail, as WebP — or JPEG where the browser cannot write WebP —
 * before they are sent; without JavaScript the chosen files are posted as they
 * are and the server checks them all the same), reorder by drag and drop or by
 * keyboard (dnd-kit's keyboard sensor, and move up / move down buttons that
 * also work without JavaScript), alt text and removal. Each change posts one
 * intent to the edit screen's action. dnd-kit is a chunk of its own
 * (SortableImages.tsx), fetched once there are images: until it arrives the
 * grid is the same without drag and drop.
 */
import { Button, Flex, IconButton, Text, TextField } from "@radix-ui/themes";
import { ArrowDown, ArrowUp, GripVertical, Trash2, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState, type CSSProperties, type HTMLAttributes, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher } from "react-router";
import type SortableImageGrid from "~/components/services/SortableImages";
import { Notice } from "~/components/ui/Notice";
import { IMAGE_MAX_SIDE, MAX_IMAGES, THUMB_MAX_SIDE } from "~/lib/services/package";

export type ImageView = { id: string; alt: string; url: string; thumbUrl: string };

/** What dnd-kit gives an image of the sortable grid (SortableImages.tsx). */
export type SortableBits = {
  setNodeRef: (node: HTMLElement | null) => void;
  setActivatorNodeRef: (node: HTMLElement | null) => void;
  handleProps: Omit<HTMLAttributes<HTMLElement>, "color">;
  style: CSSProperties;
  isDragging: boolean;
};
type SortableGrid = typeof SortableImageGrid;
type ActionAnswer = { imageError?: string; imageSaved?: boolean } | undefined;

/** Draws the image at most `max` px on its longer side and encodes it (WebP, or JPEG where WebP cannot be written). */
async function resized(bitmap: ImageBitmap, max: number, name: string): Promise<File> {
  const scale = Math.min(1, max / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no canvas");
  ctx.drawImage(bitmap, 0, 0, width, height);
  const encode = (type: string) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.85));
  let blob = await encode("image/webp");
  if (!blob || blob.type !== "image/webp") blob = await encode("image/jpeg");
  if (!blob) throw new Error("encoding failed");
  const ext = blob.type === "image/webp" ? "webp" : "jpg";
  return new File([blob], `${name}.${ext}`, { type: blob.type });
}

/** The web-sized image and its thumbnail; the original when the browser cannot read it (the server then refuses or accepts it). */
async function prepare(file: File): Promise<{ image: File; thumb: File | null }> {
  try {
    const bitmap = await createImageBitmap(file);
    try {
      return { image: await resized(bitmap, IMAGE_MAX_SIDE, "imagem"), thumb: await resized(bitmap, THUMB_MAX_SIDE, "mini") };
    } finally {
      bitmap.close();
    }
  } catch {
    return { image: file, thumb: null };
  }
}

export function ServiceImages({ images, actionData }: { images: ImageView[]; actionData: ActionAnswer }) {
  const { t } = useTranslation();
  const upload = useFetcher<ActionAnswer>();
  const order = useFetcher<ActionAnswer>();
  const [preparing, setPreparing] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const contextId = useId();
  // A dragged order shows at once; the stored order wins whenever the loader brings a new one.
  const stored = images.map((i) => i.id).join(",");
  const [dragged, setDragged] = useState<{ base: string; ids: string[] } | null>(null);
  const ids = dragged && dragged.base === stored ? dragged.ids : stored.split(",").filter(Boolean);
  useEffect(() => {
    if (upload.state === "idle" && upload.data?.imageSaved && inputRef.current) inputRef.current.value = "";
  }, [upload.state, upload.data]);

  const byId = new Map(images.map((i) => [i.id, i]));
  const shown = ids.filter((id) => byId.has(id));
  const error = upload.data?.imageError ?? order.data?.imageError ?? actionData?.imageError;
  const busy = preparing || upload.state !== "idle";
  // dnd-kit, fetched once there are images (the grid works without it: move buttons, and the same markup).
  const [Grid, setGrid] = useState<SortableGrid | null>(null);
  const hasImages = shown.length > 0;
  useEffect(() => {
    if (!hasImages || Grid) return;
    let cancelled = false;
    import("~/components/services/SortableImages").then(
      (m) => !cancelled && setGrid(() => m.default),
      () => undefined, // offline: the move buttons still reorder
    );
    return () => {
      cancelled = true;
    };
  }, [hasImages, Grid]);
  const nameOf = (id: string) => t("services.images.image", { n: shown.indexOf(id) + 1 });
  const onReorder = (next: string[]) => {
    setDragged({ base: stored, ids: next });
    order.submit({ intent: "image-order", order: next.join(",") }, { method: "post" });
  };
  const card = (id: string, index: number, sortable?: SortableBits): ReactNode => <ImageCard key={id} image={byId.get(id)!} index={index} total={shown.length} sortable={sortable} />;

  const onUpload = async (event: React.FormEvent<HTMLFormElement>) => {
    const files = [...(inputRef.current?.files ?? [])];
    if (files.length === 0 || typeof createImageBitmap !== "function") return;
    event.preventDefault();
    setPreparing(true);
    try {
      const data = new FormData();
      data.set("intent", "image-upload");
      for (const file of files.slice(0, MAX_IMAGES)) {
        const { image, thumb } = await prepare(file);
        data.append("image", image);
        data.append("thumb", thumb ?? new File([], "", { type: "application/octet-stream" }));
      }
      await upload.submit(data, { method: "post", encType: "multipart/form-data" });
    } finally {
      setPreparing(false);
    }
  };

  return (
    <Flex direction="column" gap="3" data-testid="package-images">
      <Text size="2" color="gray">
        {t("services.images.count", { count: shown.length })}
      </Text>
      {error && (
        <Notice tone="error" testId="image-error">
          {t(error as never)}
        </Notice>
      )}
      {shown.length === 0 ? (
        <Text size="2" color="gray">
          {t("services.images.empty")}
        </Text>
      ) : (
        Grid ? (
          <Grid ids={shown} contextId={contextId} nameOf={nameOf} instructions={t("services.images.drag", { n: "" })} onReorder={onReorder} render={card} />
        ) : (
          <ul className="package-images" data-testid="package-image-list">
            {shown.map((id, index) => card(id, index))}
          </ul>
        )
      )}
      {shown.length < MAX_IMAGES && (
        <Form method="post" encType="multipart/form-data" onSubmit={(e) => void onUpload(e)} data-testid="image-upload-form">
          <input type="hidden" name="intent" value="image-upload" />
          <Flex gap="2" align="center" wrap="wrap">
            <label className="rt-Text rt-r-size-2">
              <span>{t("services.images.choose")}</span>{" "}
              <input ref={inputRef} type="file" name="image" accept="image/png,image/jpeg,image/webp" multiple data-testid="image-input" />
            </label>
            <Button type="submit" variant="soft" disabled={busy} data-testid="image-upload">
              <Upload size={16} aria-hidden /> {busy ? t("services.images.uploading") : t("services.images.upload")}
            </Button>
          </Flex>
          <Text as="p" size="1" color="gray" mt="1">
            {t("services.images.hint")}
          </Text>
        </Form>
      )}
    </Flex>
  );
}

/** One image: thumbnail, drag handle (enabled once dnd-kit is there), move up / down, remove, alt text. */
function ImageCard({ image, index, total, sortable }: { image: ImageView; index: number; total: number; sortable?: SortableBits }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const n = index + 1;
  return (
    <li ref={sortable?.setNodeRef} className="package-image" data-dragging={sortable?.isDragging ? "true" : "false"} data-testid="package-image" style={sortable?.style}>
      <Flex direction="column" gap="2">
        <img src={image.thumbUrl} alt={image.alt || t("services.images.image", { n })} loading="lazy" />
        <Flex gap="1" align="center" justify="between">
          <IconButton
            type="button"
            variant="ghost"
            color="gray"
            className="package-image-handle"
            ref={sortable?.setActivatorNodeRef}
            disabled={!sortable}
            {...sortable?.handleProps}
            aria-label={t("services.images.drag", { n })}
            data-testid="image-handle"
          >
            <GripVertical size={16} aria-hidden />
          </IconButton>
          <fetcher.Form method="post">
            <input type="hidden" name="imageId" value={image.id} />
            <input type="hidden" name="intent" value="image-move" />
            <Flex gap="1">
              <IconButton type="submit" name="direction" value="up" size="1" variant="soft" color="gray" disabled={index === 0} aria-label={t("services.images.moveUp", { n })}>
                <ArrowUp size={14} aria-hidden />
              </IconButton>
              <IconButton type="submit" name="direction" value="down" size="1" variant="soft" color="gray" disabled={index === total - 1} aria-label={t("services.images.moveDown", { n })}>
                <ArrowDown size={14} aria-hidden />
              </IconButton>
            </Flex>
          </fetcher.Form>
          <fetcher.Form method="post">
            <input type="hidden" name="imageId" value={image.id} />
            <IconButton type="submit" name="intent" value="image-remove" size="1" variant="soft" color="red" aria-label={t("services.images.remove", { n })} data-testid="image-remove">
              <Trash2 size={14} aria-hidden />
            </IconButton>
          </fetcher.Form>
        </Flex>
        <fetcher.Form method="post">
          <input type="hidden" name="imageId" value={image.id} />
          <Flex gap="1" align="end">
            <TextField.Root
              name="alt"
              size="1"
              defaultValue={image.alt}
              maxLength={200}
              placeholder={t("services.images.altPlaceholder")}
              aria-label={t("services.images.alt", { n })}
              style={{ flex: 1 }}
              data-testid="image-alt"
            />
            <Button type="submit" name="intent" value="image-alt" size="1" variant="soft" color="gray" data-testid="image-alt-save">
              {t("services.images.saveAlt")}
            </Button>
          </Flex>
        </fetcher.Form>
      </Flex>
    </li>
  );
}
