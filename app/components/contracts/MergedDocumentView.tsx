/**
 * A merged contract document (lib/contracts/document.ts `MergedDocument`) as
 * semantic HTML: headings, paragraphs, list items with their marker, rules;
 * runs as <strong>/<em>/<u>, a "\n" inside a run as <br/>. With
 * `highlightFields`, text that came from a merge field is shown in a <mark>.
 *
 * Dependency-free (no editor, no theme component) and styled inline so any page
 * can show it — the template preview, the contract screen, the public signing
 * page — and it reads on a phone: long words wrap, nothing scrolls sideways.
 */
import type { CSSProperties, ReactNode } from "react";
import type { MergedBlock, MergedDocument, Run } from "~/lib/contracts/document";
import type { MergeFieldKey } from "~/lib/contracts/merge-fields";

type Props = {
  document: MergedDocument;
  /** Show text that came from a merge field highlighted (the preview). */
  highlightFields?: boolean;
  /** The tooltip of a highlighted field (its label), when highlighted. */
  fieldTitle?: (key: MergeFieldKey) => string;
  /** Shift headings down inside a page that has its own (1: the document's h1 becomes an h2). */
  headingOffset?: 0 | 1 | 2 | 3;
  className?: string;
  testId?: string;
};

const ROOT: CSSProperties = { lineHeight: 1.6, overflowWrap: "anywhere", wordBreak: "normal", maxWidth: "100%" };
const MARK: CSSProperties = { background: "var(--amber-a4, #fff1b8)", color: "inherit", borderRadius: "3px", padding: "0 2px", boxDecorationBreak: "clone", WebkitBoxDecorationBreak: "clone" };
const HEADING_SIZE = { 1: "1.4em", 2: "1.15em", 3: "1em" } as const;

function lines(text: string): ReactNode {
  if (!text.includes("\n")) return text;
  const parts = text.split("\n");
  return parts.map((part, i) => (
    <span key={i}>
      {i > 0 && <br />}
      {part}
    </span>
  ));
}

function RunView({ run, highlight, fieldTitle }: { run: Run; highlight: boolean; fieldTitle?: (key: MergeFieldKey) => string }) {
  let node: ReactNode = lines(run.text);
  if (run.underline) node = <u>{node}</u>;
  if (run.italic) node = <em>{node}</em>;
  if (run.bold) node = <strong>{node}</strong>;
  if (highlight && run.field) {
    node = (
      <mark style={MARK} data-field={run.field} title={fieldTitle?.(run.field)}>
        {node}
      </mark>
    );
  }
  return <>{node}</>;
}

function Runs({ runs, highlight, fieldTitle }: { runs: Run[]; highlight: boolean; fieldTitle?: (key: MergeFieldKey) => string }) {
  // An empty block keeps its line, as in the editor.
  if (runs.length === 0 || runs.every((r) => r.text === "")) return <br />;
  return (
    <>
      {runs.map((run, i) => (
        <RunView key={i} run={run} highlight={highlight} fieldTitle={fieldTitle} />
      ))}
    </>
  );
}

type Item = Extract<MergedBlock, { kind: "item" }>;
/** Consecutive list items go into one list; everything else stands alone. */
type Group = { kind: "items"; items: Item[] } | { kind: "block"; block: Exclude<MergedBlock, Item> };

function group(blocks: MergedBlock[]): Group[] {
  const out: Group[] = [];
  for (const block of blocks) {
    const last = out[out.length - 1];
    if (block.kind === "item") {
      if (last?.kind === "items") last.items.push(block);
      else out.push({ kind: "items", items: [block] });
    } else out.push({ kind: "block", block });
  }
  return out;
}

export function MergedDocumentView({ document, highlightFields = false, fieldTitle, headingOffset = 0, className, testId }: Props) {
  const highlight = highlightFields;
  return (
    <div className={className} style={ROOT} data-testid={testId}>
      {group(document.blocks).map((g, i) => {
        if (g.kind === "items") {
          return (
            <ul key={i} style={{ listStyle: "none", margin: "0 0 0.75em", padding: 0 }}>
              {g.items.map((item, j) => (
                <li key={j} style={{ display: "flex", gap: "0.5em", marginLeft: `${item.depth * 1.5}em`, marginBottom: "0.25em" }}>
                  <span style={{ flex: "0 0 auto", minWidth: "1.25em", textAlign: "right" }}>
                    {item.marker}
                  </span>
                  <span style={{ flex: "1 1 auto", minWidth: 0 }}>
                    <Runs runs={item.runs} highlight={highlight} fieldTitle={fieldTitle} />
                  </span>
                </li>
              ))}
            </ul>
          );
        }
        const block = g.block;
        if (block.kind === "rule") return <hr key={i} style={{ border: 0, borderTop: "1px solid currentColor", opacity: 0.3, margin: "1.25em 0" }} />;
        if (block.kind === "heading") {
          const level = Math.min(6, block.level + headingOffset) as 1 | 2 | 3 | 4 | 5 | 6;
          const Tag = `h${level}` as const;
          return (
            <Tag key={i} style={{ fontSize: HEADING_SIZE[block.level], lineHeight: 1.3, margin: "1em 0 0.5em", textAlign: block.align }}>
              <Runs runs={block.runs} highlight={highlight} fieldTitle={fieldTitle} />
            </Tag>
          );
        }
        return (
          <p key={i} style={{ margin: "0 0 0.75em", textAlign: block.align }}>
            <Runs runs={block.runs} highlight={highlight} fieldTitle={fieldTitle} />
          </p>
        );
      })}
    </div>
  );
}
