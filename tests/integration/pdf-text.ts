/** Reading a PDF the app wrote (pdf-lib, no object streams) back as the texts it draws, for tests. */
import { expect } from "vitest";

/** Where WinAnsi differs from Latin-1 (the codes these tests meet). */
const WIN_ANSI: Record<number, string> = { 0x80: "€", 0x85: "…", 0x91: "‘", 0x92: "’", 0x93: "“", 0x94: "”", 0x95: "•", 0x96: "–", 0x97: "—" };

/** The text the PDF draws: each content stream inflated, each hex string shown with Tj decoded (WinAnsi ≈ Latin-1 for these texts). */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const raw = new TextDecoder("latin1").decode(bytes);
  const shown: string[] = [];
  const stream = /<<([^]*?)>>\s*stream\r?\n/g;
  for (let m = stream.exec(raw); m; m = stream.exec(raw)) {
    const start = m.index + m[0].length;
    // pdf-lib writes each stream's /Length directly.
    const length = Number(/\/Length (\d+)/.exec(m[1]!)?.[1] ?? NaN);
    expect(raw.slice(start + length).trimStart().startsWith("endstream")).toBe(true);
    let body = bytes.slice(start, start + length);
    if (/\/FlateDecode/.test(m[1]!)) {
      const inflated = new Blob([body]).stream().pipeThrough(new DecompressionStream("deflate"));
      body = new Uint8Array(await new Response(inflated).arrayBuffer());
    }
    const content = new TextDecoder("latin1").decode(body);
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const hex = t[1]!;
      let s = "";
      for (let i = 0; i < hex.length; i += 2) {
        const code = parseInt(hex.slice(i, i + 2), 16);
        s += WIN_ANSI[code] ?? String.fromCharCode(code);
      }
      shown.push(s);
    }
  }
  return shown;
}
