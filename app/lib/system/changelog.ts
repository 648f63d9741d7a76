/**
 * CHANGELOG.md (Keep a Changelog) as release notes. The Markdown is tokenised by
 * `marked`'s lexer and turned into a small tree of plain data (text, emphasis,
 * code, links, paragraphs, lists) that React renders as elements: no HTML string
 * is ever produced or injected, so raw HTML in the file shows as text. Links keep
 * only http(s), mailto and same-site addresses.
 */
import { lexer, type Token, type Tokens } from "marked";

export type Inline =
  | { type: "text"; text: string }
  | { type: "strong" | "em" | "del"; children: Inline[] }
  | { type: "code"; text: string }
  | { type: "link"; href: string; children: Inline[] }
  | { type: "br" };

export type Block =
  | { type: "heading"; depth: number; children: Inline[] }
  | { type: "paragraph"; children: Inline[] }
  | { type: "list"; ordered: boolean; items: Block[][] }
  | { type: "code"; text: string }
  | { type: "quote"; children: Block[] };

export type Release = {
  /** "Unreleased" or the version ("0.1.0"). */
  version: string;
  unreleased: boolean;
  /** ISO date (YYYY-MM-DD) when given. */
  date: string | null;
  /** Change groups by their Keep a Changelog heading ("Added", "Fixed"...), then any text before them. */
  intro: Block[];
  sections: { title: string; blocks: Block[] }[];
};

export type Changelog = { intro: Block[]; releases: Release[] };

/** A link target that is safe to render: http(s), mailto, or a path of this site. */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  const value = href.trim();
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  if (value.startsWith("#")) return value;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" || url.protocol === "mailto:" ? url.href : null;
  } catch {
    return null;
  }
}

function inline(tokens: Token[] | undefined): Inline[] {
  const out: Inline[] = [];
  for (const token of tokens ?? []) {
    switch (token.type) {
      case "strong":
      case "em":
      case "del":
        out.push({ type: token.type, children: inline((token as Tokens.Strong).tokens) });
        break;
      case "codespan":
        out.push({ type: "code", text: (token as Tokens.Codespan).text });
        break;
      case "link": {
        const link = token as Tokens.Link;
        const href = safeHref(link.href);
        const children = inline(link.tokens);
        if (href) out.push({ type: "link", href, children });
        else out.push(...children);
        break;
      }
      case "br":
        out.push({ type: "br" });
        break;
      case "text": {
        const text = token as Tokens.Text;
        if (text.tokens && text.tokens.length > 0) out.push(...inline(text.tokens));
        else out.push({ type: "text", text: text.text });
        break;
      }
      case "escape":
        out.push({ type: "text", text: (token as Tokens.Escape).text });
        break;
      case "image":
        out.push({ type: "text", text: (token as Tokens.Image).text });
        break;
      default:
        // Raw HTML and anything else: its source, shown as text.
        out.push({ type: "text", text: token.raw });
    }
  }
  // Merge neighbouring text runs.
  return out.reduce<Inline[]>((acc, node) => {
    const last = acc[acc.length - 1];
    if (node.type === "text" && last?.type === "text") last.text += node.text;
    else acc.push(node.type === "text" ? { ...node } : node);
    return acc;
  }, []);
}

function blocks(tokens: Token[]): Block[] {
  const out: Block[] = [];
  for (const token of tokens) {
    switch (token.type) {
      case "heading":
        out.push({ type: "heading", depth: (token as Tokens.Heading).depth, children: inline((token as Tokens.Heading).tokens) });
        break;
      case "paragraph":
        out.push({ type: "paragraph", children: inline((token as Tokens.Paragraph).tokens) });
        break;
      case "text":
        out.push({ type: "paragraph", children: inline([token]) });
        break;
      case "list": {
        const list = token as Tokens.List;
        out.push({ type: "list", ordered: list.ordered, items: list.items.map((item) => blocks(item.tokens)) });
        break;
      }
      case "code":
        out.push({ type: "code", text: (token as Tokens.Code).text });
        break;
      case "blockquote":
        out.push({ type: "quote", children: blocks((token as Tokens.Blockquote).tokens) });
        break;
      case "space":
      case "def":
      case "hr":
        break;
      default:
        if (token.raw.trim()) out.push({ type: "paragraph", children: [{ type: "text", text: token.raw.trim() }] });
    }
  }
  return out;
}

/** The plain text of inline nodes. */
export function plainText(nodes: Inline[]): string {
  return nodes.map((n) => (n.type === "text" || n.type === "code" ? n.text : n.type === "br" ? " " : plainText(n.children))).join("");
}

const RELEASE = /^\[?([^\]\s]+)\]?\s*(?:[-–—]\s*(\d{4}-\d{2}-\d{2}))?/;

/** Splits a Keep a Changelog file into releases (## headings) and their change groups (### headings). */
export function parseChangelog(markdown: string): Changelog {
  const all = blocks(lexer(markdown));
  const intro: Block[] = [];
  const releases: Release[] = [];
  let release: Release | null = null;
  let section: { title: string; blocks: Block[] } | null = null;
  for (const block of all) {
    if (block.type === "heading" && block.depth === 1) continue;
    if (block.type === "heading" && block.depth === 2) {
      const text = plainText(block.children).trim();
      const m = RELEASE.exec(text);
      const version = m?.[1] ?? text;
      release = { version, unreleased: /^unreleased$/i.test(version), date: m?.[2] ?? null, intro: [], sections: [] };
      releases.push(release);
      section = null;
      continue;
    }
    if (release && block.type === "heading" && block.depth === 3) {
      section = { title: plainText(block.children).trim(), blocks: [] };
      release.sections.push(section);
      continue;
    }
    if (section) section.blocks.push(block);
    else if (release) release.intro.push(block);
    else intro.push(block);
  }
  return { intro, releases };
}
