import { describe, expect, it } from "vitest";
import { parseChangelog, plainText, safeHref } from "~/lib/system/changelog";

const SAMPLE = `# Changelog

Notes about the format, see [Keep a Changelog](https://keepachangelog.com/en/1.1.0/).

## [Unreleased]

### Added

- Licence management with \`version\` checks.
- A <script>alert(1)</script> tag and a [bad link](javascript:alert(1)).

## [0.1.0] - 2026-11-21

The foundation.

### Fixed

- Something **bold**.

[0.1.0]: https://example.com/releases/0.1.0
`;

describe("parseChangelog", () => {
  const log = parseChangelog(SAMPLE);

  it("splits releases and their change groups", () => {
    expect(log.releases.map((r) => [r.version, r.unreleased, r.date])).toEqual([
      ["Unreleased", true, null],
      ["0.1.0", false, "2026-11-21"],
    ]);
    expect(log.releases[0]!.sections.map((s) => s.title)).toEqual(["Added"]);
    expect(log.releases[1]!.intro).toEqual([{ type: "paragraph", children: [{ type: "text", text: "The foundation." }] }]);
    expect(log.intro[0]!.type).toBe("paragraph");
  });

  it("keeps raw HTML as text and drops unsafe links", () => {
    const list = log.releases[0]!.sections[0]!.blocks[0]!;
    if (list.type !== "list") throw new Error("expected a list");
    const second = list.items[1]![0]!;
    if (second.type !== "paragraph") throw new Error("expected a paragraph");
    const text = plainText(second.children);
    expect(text).toContain("<script>alert(1)</script>");
    expect(JSON.stringify(second)).not.toContain("javascript:");
    expect(text).toContain("bad link");
  });

  it("allows only http(s), mailto and local links", () => {
    expect(safeHref("https://x.example/a")).toBe("https://x.example/a");
    expect(safeHref("/sistema/sobre")).toBe("/sistema/sobre");
    expect(safeHref("//evil.example")).toBeNull();
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,x")).toBeNull();
  });
});
