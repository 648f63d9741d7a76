/**
 * The template editor's extensions (TemplateEditor.tsx): StarterKit limited to
 * the nodes and marks of a template body (lib/contracts/document.ts TemplateDoc)
 * and the inline `mergeField` atom. Kept apart from the component so a unit test
 * can build the editor's ProseMirror schema without a browser and check that
 * what the editor holds is what the server accepts (TemplateEditorSchema.test.ts).
 * Only TemplateEditor.tsx imports it: it stays in the editor's lazy chunk.
 */
import { mergeAttributes, Node, type Extensions } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";

type MergeFieldOptions = { label: (key: string) => string };

/** The inline merge-field atom: `{ type: "mergeField", attrs: { key } }`, a non-editable chip in the editor. */
export const MergeField = Node.create<MergeFieldOptions>({
  name: "mergeField",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,
  addOptions() {
    return { label: (key: string) => key };
  },
  addAttributes() {
    return {
      key: {
        default: null,
        parseHTML: (element) => element.getAttribute("data-merge-field"),
        renderHTML: (attributes) => ({ "data-merge-field": attributes.key as string }),
      },
    };
  },
  parseHTML() {
    return [{ tag: "span[data-merge-field]" }];
  },
  renderHTML({ node, HTMLAttributes }) {
    return ["span", mergeAttributes(HTMLAttributes, { class: "merge-chip", contenteditable: "false" }), this.options.label(String(node.attrs.key))];
  },
  renderText({ node }) {
    return `[${this.options.label(String(node.attrs.key))}]`;
  },
});

/** The editor's extensions; `label` names a merge field (its translated label). */
export function templateExtensions(label: (key: string) => string): Extensions {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      blockquote: false,
      code: false,
      codeBlock: false,
      link: false,
      strike: false,
      // The stored document is the editor's: no paragraph appended behind the user's back.
      trailingNode: false,
    }),
    MergeField.configure({ label }),
  ];
}
