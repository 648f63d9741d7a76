import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_PAGE_SIZE, decodeCursor, encodeCursor, isFiltered, listParams, PAGE_SIZES, parseListQuery, QUERY_MAX_LENGTH, type ListSpec } from "~/lib/kit/list";

const spec = {
  sorts: ["name", "city", "createdAt"],
  defaultSort: "name",
  filters: { kind: ["person", "company"], consent: ["yes", "no"] },
} as const satisfies ListSpec<"name" | "city" | "createdAt", "kind" | "consent">;

const cursorValue = fc.oneof(fc.string({ maxLength: 1500 }), fc.string({ unit: "binary", maxLength: 500 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constant(null));
const cursorId = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);

describe("cursors", () => {
  it("decode what they encode (text of any script, numbers, null)", () => {
    fc.assert(
      fc.property(cursorValue, cursorId, (v, id) => {
        const encoded = encodeCursor({ v, id });
        expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
        // JSON has no -0.
        expect(decodeCursor(encoded)).toEqual({ v: Object.is(v, -0) ? 0 : v, id });
      }),
      { numRuns: 1000 },
    );
  });

  it("never throw on arbitrary input, and decode only well-formed cursors", () => {
    const json = (value: unknown) => btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.string({ unit: "binary" }),
          fc.base64String(),
          fc.jsonValue().map(json),
          fc.tuple(fc.anything(), fc.anything()).map(json),
        ),
        (raw) => {
          const cursor = decodeCursor(raw);
          if (cursor === null) return;
          expect(cursor.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
          expect(cursor.v === null || typeof cursor.v === "string" || (typeof cursor.v === "number" && Number.isFinite(cursor.v))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
    expect(decodeCursor(null)).toBeNull();
    expect(decodeCursor("")).toBeNull();
    expect(decodeCursor("A".repeat(2401))).toBeNull();
    expect(decodeCursor(encodeCursor({ v: "x".repeat(1501), id: "a" }))).toBeNull();
    expect(decodeCursor(encodeCursor({ v: "x", id: "a b" }))).toBeNull();
    expect(decodeCursor(encodeCursor({ v: "x", id: "" }))).toBeNull();
  });
});

describe("parseListQuery", () => {
  it("turns any URL into a state inside the spec (never an error)", () => {
    const key = fc.constantFrom("q", "sort", "dir", "size", "after", "before", "kind", "consent", "other");
    const value = fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.constantFrom("name", "city", "createdAt", "asc", "desc", "50", "100", "person", "yes", "__proto__", "constructor"));
    fc.assert(
      fc.property(fc.array(fc.tuple(key, value), { maxLength: 12 }), (pairs) => {
        const query = parseListQuery(new URLSearchParams(pairs), spec);
        expect(spec.sorts).toContain(query.sort);
        expect(["asc", "desc"]).toContain(query.dir);
        expect(PAGE_SIZES).toContain(query.size);
        expect(query.q.length).toBeLessThanOrEqual(QUERY_MAX_LENGTH);
        expect(query.q).toBe(query.q.trim());
        expect(query.q).not.toMatch(/\s\s/);
        for (const [k, v] of Object.entries(query.filters)) expect((spec.filters as Record<string, readonly string[]>)[k]).toContain(v);
        expect(query.after !== null && query.before !== null).toBe(false);
      }),
      { numRuns: 1000 },
    );
  });

  it("falls back to the defaults for malformed values", () => {
    const query = parseListQuery(new URLSearchParams("sort=password&dir=up&size=7&kind=robot&consent=maybe&after=%%%&before=x"), spec);
    expect(query).toEqual({ q: "", sort: "name", dir: "asc", size: DEFAULT_PAGE_SIZE, filters: {}, after: null, before: null });
    expect(isFiltered(query)).toBe(false);
    expect(isFiltered(parseListQuery(new URLSearchParams("q=%20a%20"), spec))).toBe(true);
    expect(isFiltered(parseListQuery(new URLSearchParams("kind=company"), spec))).toBe(true);
  });

  it("takes `after` over `before` when both come", () => {
    const after = encodeCursor({ v: "a", id: "1" });
    const before = encodeCursor({ v: "b", id: "2" });
    const query = parseListQuery(new URLSearchParams({ after, before }), spec);
    expect(query.after).toEqual({ v: "a", id: "1" });
    expect(query.before).toBeNull();
  });
});

describe("listParams", () => {
  const state = fc.record({
    q: fc.string({ maxLength: 40 }).map((s) => s.trim().replace(/\s+/g, " ")),
    sort: fc.constantFrom(...spec.sorts),
    dir: fc.constantFrom("asc" as const, "desc" as const),
    size: fc.constantFrom(...PAGE_SIZES),
    kind: fc.option(fc.constantFrom("person", "company"), { nil: undefined }),
    consent: fc.option(fc.constantFrom("yes", "no"), { nil: undefined }),
  });

  it("writes a state that reads back the same, without defaults, on its first page", () => {
    fc.assert(
      fc.property(state, cursorValue, cursorId, (s, v, id) => {
        const filters = Object.fromEntries(Object.entries({ kind: s.kind, consent: s.consent }).filter(([, x]) => x !== undefined)) as Record<string, string>;
        const query = { q: s.q, sort: s.sort, dir: s.dir, size: s.size, filters, after: { v, id }, before: null };
        const params = listParams(query, spec);
        // Any state change goes back to the first page.
        expect(params.has("after")).toBe(false);
        expect(params.has("before")).toBe(false);
        if (s.size === DEFAULT_PAGE_SIZE) expect(params.has("size")).toBe(false);
        if (s.sort === "name" && s.dir === "asc") expect(params.has("sort")).toBe(false);
        expect(parseListQuery(params, spec)).toEqual({ ...query, after: null });
        // A cursor change keeps the state and adds the cursor.
        const next = listParams(query, spec, { after: encodeCursor({ v, id }) });
        expect(parseListQuery(next, spec)).toEqual({ ...query, after: { v: Object.is(v, -0) ? 0 : v, id } });
      }),
      { numRuns: 1000 },
    );
  });

  it("drops a filter set to null and a cleared search", () => {
    const query = parseListQuery(new URLSearchParams("q=ana&kind=company&sort=city&dir=desc&size=50"), spec);
    expect(listParams(query, spec, { q: "", filters: { kind: null } }).toString()).toBe("sort=city&dir=desc&size=50");
  });
});
