/**
 * The contract template editor (issue #17): Tiptap (ProseMirror) limited to the
 * nodes and marks of a template body (lib/contracts/document.ts TemplateDoc):
 * paragraphs, headings 1–3, bulleted and numbered lists, horizontal rules, hard
 * breaks, bold / italic / underline, and the inline `mergeField` atom, shown as
 * a chip with the field's translated label. A toolbar with accessible labels and
 * a picker of the merge fields grouped as the catalogue (MERGE_FIELD_GROUPS).
 *
 * Loaded on demand (React.lazy in routes/contracts/modelos.form.tsx), so Tiptap
 * is a chunk of its own and never part of a route chunk; the route shows the
 * body read-only until it is here. Every change hands the document (and its
 * JSON, the form's `body`) to `onChange`.
 */
import { DropdownMenu, Flex, IconButton, Button, Separator, Tooltip } from "@radix-ui/themes";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import { Bold, Braces, ChevronDown, Heading1, Heading2, Heading3, Italic, List, ListOrdered, Minus, Redo2, Underline, Undo2 } from "lucide-react";
import { memo, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { TemplateDoc } from "~/lib/contracts/document";
import { MERGE_FIELD_GROUPS, type MergeFieldGroup, type MergeFieldKey } from "~/lib/contracts/merge-fields";
import { templateExtensions } from "~/components/contracts/TemplateEditorSchema";

type Props = {
  /** The document to start from (the stored body). */
  initial: TemplateDoc;
  /** Every change: the document and its JSON (the form's `body`). */
  onChange: (doc: TemplateDoc, json: string) => void;
  /** A merge field's translated label. */
  labelFor: (key: MergeFieldKey) => string;
  /** The id of the text describing the editor (the section's hint). */
  describedBy?: string;
};

function TemplateEditor({ initial, onChange, labelFor, describedBy }: Props) {
  const { t } = useTranslation();
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);
  // Stable options: the editor is created once and not reconfigured on every render.
  const extensions = useMemo(() => templateExtensions((key) => labelFor(key as MergeFieldKey)), [labelFor]);
  const area = t("contracts.templates.editor.area");
  const editorProps = useMemo(
    () => ({
      attributes: {
        class: "template-editor-content",
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": area,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        "data-testid": "template-editor-content",
      },
    }),
    [area, describedBy],
  );

  const editor = useEditor({
    immediatelyRender: false,
    extensions,
    content: initial,
    editorProps,
    onUpdate: ({ editor: e }) => {
      const doc = e.getJSON() as TemplateDoc;
      changed.current(doc, JSON.stringify(doc));
    },
  });

  return (
    <div className="template-editor" data-testid="template-editor">
      {editor ? <Toolbar editor={editor} labelFor={labelFor} /> : <div className="template-editor-toolbar" aria-hidden />}
      <EditorContent editor={editor} />
    </div>
  );
}

/** Memoised: the form re-renders on every keystroke (the preview), the editor need not. */
export default memo(TemplateEditor);

function Toolbar({ editor, labelFor }: { editor: Editor; labelFor: (key: MergeFieldKey) => string }) {
  const { t } = useTranslation();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      underline: e.isActive("underline"),
      h1: e.isActive("heading", { level: 1 }),
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const button = (key: string, label: string, icon: React.ReactNode, run: () => void, pressed?: boolean, disabled?: boolean) => (
    <Tooltip content={label} key={key}>
      <IconButton
        type="button"
        size="2"
        variant={pressed ? "solid" : "ghost"}
        color="gray"
        highContrast={pressed}
        aria-label={label}
        aria-pressed={pressed === undefined ? undefined : pressed}
        disabled={disabled}
        onClick={run}
        data-testid={`editor-${key}`}
      >
        {icon}
      </IconButton>
    </Tooltip>
  );
  const insertField = (key: MergeFieldKey) => chain().insertContent({ type: "mergeField", attrs: { key } }).run();
  return (
    <Flex className="template-editor-toolbar" role="toolbar" aria-label={t("contracts.templates.editor.toolbar")} gap="1" wrap="wrap" align="center">
      {button("bold", t("contracts.templates.editor.bold"), <Bold size={16} aria-hidden />, () => chain().toggleBold().run(), state.bold)}
      {button("italic", t("contracts.templates.editor.italic"), <Italic size={16} aria-hidden />, () => chain().toggleItalic().run(), state.italic)}
      {button("underline", t("contracts.templates.editor.underline"), <Underline size={16} aria-hidden />, () => chain().toggleUnderline().run(), state.underline)}
      <Separator orientation="vertical" size="1" />
      {button("h1", t("contracts.templates.editor.heading1"), <Heading1 size={16} aria-hidden />, () => chain().toggleHeading({ level: 1 }).run(), state.h1)}
      {button("h2", t("contracts.templates.editor.heading2"), <Heading2 size={16} aria-hidden />, () => chain().toggleHeading({ level: 2 }).run(), state.h2)}
      {button("h3", t("contracts.templates.editor.heading3"), <Heading3 size={16} aria-hidden />, () => chain().toggleHeading({ level: 3 }).run(), state.h3)}
      <Separator orientation="vertical" size="1" />
      {button("bulletList", t("contracts.templates.editor.bulletList"), <List size={16} aria-hidden />, () => chain().toggleBulletList().run(), state.bulletList)}
      {button("orderedList", t("contracts.templates.editor.orderedList"), <ListOrdered size={16} aria-hidden />, () => chain().toggleOrderedList().run(), state.orderedList)}
      {button("rule", t("contracts.templates.editor.rule"), <Minus size={16} aria-hidden />, () => chain().setHorizontalRule().run())}
      <Separator orientation="vertical" size="1" />
      {button("undo", t("contracts.templates.editor.undo"), <Undo2 size={16} aria-hidden />, () => chain().undo().run(), undefined, !state.canUndo)}
      {button("redo", t("contracts.templates.editor.redo"), <Redo2 size={16} aria-hidden />, () => chain().redo().run(), undefined, !state.canRedo)}
      <Separator orientation="vertical" size="1" />
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger>
          <Button type="button" size="2" variant="soft" data-testid="editor-insert-field">
            <Braces size={16} aria-hidden /> {t("contracts.templates.editor.insertField")} <ChevronDown size={14} aria-hidden />
          </Button>
        </DropdownMenu.Trigger>
        <DropdownMenu.Content align="start" sideOffset={4} style={{ maxHeight: "min(420px, 70vh)" }} data-testid="editor-fields-menu">
          {(Object.keys(MERGE_FIELD_GROUPS) as MergeFieldGroup[]).map((group, i) => (
            <DropdownMenu.Group key={group}>
              {i > 0 && <DropdownMenu.Separator />}
              <DropdownMenu.Label>{t(`contracts.fields.groups.${group}`)}</DropdownMenu.Label>
              {MERGE_FIELD_GROUPS[group].map((name) => {
                const key = `${group}.${name}` as MergeFieldKey;
                return (
                  <DropdownMenu.Item key={key} onSelect={() => insertField(key)} data-testid={`field-${key}`}>
                    {labelFor(key)}
                  </DropdownMenu.Item>
                );
              })}
            </DropdownMenu.Group>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Root>
    </Flex>
  );
}
