/** Renders the plain-data Markdown tree of ~/lib/changelog as React elements (text is escaped by React). */
import { Code, Heading, Link as RadixLink, Text } from "@radix-ui/themes";
import type { Block, Inline } from "~/lib/system/changelog";

export function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return (
    <>
      {nodes.map((node, i) => {
        switch (node.type) {
          case "text":
            return <span key={i}>{node.text}</span>;
          case "strong":
            return (
              <strong key={i}>
                <InlineNodes nodes={node.children} />
              </strong>
            );
          case "em":
            return (
              <em key={i}>
                <InlineNodes nodes={node.children} />
              </em>
            );
          case "del":
            return (
              <del key={i}>
                <InlineNodes nodes={node.children} />
              </del>
            );
          case "code":
            return (
              <Code key={i} variant="ghost">
                {node.text}
              </Code>
            );
          case "link": {
            const external = /^(https?:|mailto:)/.test(node.href);
            return (
              <RadixLink key={i} href={node.href} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                <InlineNodes nodes={node.children} />
              </RadixLink>
            );
          }
          case "br":
            return <br key={i} />;
        }
      })}
    </>
  );
}

export function Blocks({ blocks, headingOffset = 0 }: { blocks: Block[]; headingOffset?: number }) {
  return (
    <>
      {blocks.map((block, i) => {
        switch (block.type) {
          case "heading": {
            const level = Math.min(6, block.depth + headingOffset) as 1 | 2 | 3 | 4 | 5 | 6;
            return (
              <Heading key={i} as={`h${level}`} size="3" mt="3" mb="1">
                <InlineNodes nodes={block.children} />
              </Heading>
            );
          }
          case "paragraph":
            return (
              <Text as="p" key={i} size="2" mb="2">
                <InlineNodes nodes={block.children} />
              </Text>
            );
          case "list": {
            const items = block.items.map((item, j) => (
              <li key={j}>
                <Blocks blocks={item} headingOffset={headingOffset} />
              </li>
            ));
            return block.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
          }
          case "code":
            return (
              <pre key={i}>
                <code>{block.text}</code>
              </pre>
            );
          case "quote":
            return (
              <blockquote key={i}>
                <Blocks blocks={block.children} headingOffset={headingOffset} />
              </blockquote>
            );
        }
      })}
    </>
  );
}
