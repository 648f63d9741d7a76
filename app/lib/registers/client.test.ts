import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCep, formatCnpj, formatCpf, formatPhone, generateCnpj, generateCpf, mulberry32 } from "~/lib/platform/br-documents";
import { ageOn, CLIENT_CSV_COLUMNS, clientToCsvRow, csvDate, csvRowToFormInput, type ClientInput } from "~/lib/registers/client";
import { clientEditSchema, clientSchema } from "~/lib/registers/client.schema";
import { BR_STATES } from "~/lib/kit/fields";

const FIELDS = [...CLIENT_CSV_COLUMNS, "version"];

/** Anything a form, a JSON body or a CSV mapping could hand the schema. */
const anyInput = fc.oneof(
  fc.anything(),
  fc.dictionary(fc.constantFrom(...FIELDS), fc.anything()),
  fc.dictionary(
    fc.constantFrom(...FIELDS),
    fc.oneof(fc.string(), fc.string({ unit: "binary" }), fc.constant(""), fc.array(fc.oneof(fc.string(), fc.object())), fc.boolean(), fc.integer(), fc.constant(null)),
  ),
);

describe("clientSchema / clientEditSchema", () => {
  it("never throws, whatever it is given", () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        expect(() => clientSchema.safeParse(input)).not.toThrow();
        expect(() => clientEditSchema.safeParse(input)).not.toThrow();
      }),
      { numRuns: 1000 },
    );
  });

  const today = new Date().toISOString().slice(0, 10);
  const day = fc.date({ min: new Date("1900-01-01T00:00:00Z"), max: new Date(`${today}T00:00:00Z`), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  const word = fc.stringMatching(/^[a-z]{1,12}$/);
  const phone = fc.tuple(fc.constantFrom("11", "21", "31", "41", "51", "61", "71", "81", "91"), fc.boolean(), fc.stringMatching(/^[0-9]{7}$/)).map(([ddd, mobile, rest]) =>
    mobile ? `${ddd}9${rest}1` : `${ddd}3${rest}`,
  );

  /** A valid client as the form posts it, and what the schema must make of it. */
  const validClient = fc
    .record({
      company: fc.boolean(),
      seed: fc.integer(),
      masked: fc.boolean(),
      name: fc.stringMatching(/^[A-Za-zÀ-ÿ][A-Za-zÀ-ÿ '.-]{0,60}$/),
      emails: fc.uniqueArray(fc.tuple(word, word).map(([a, b]) => `${a}@${b}.com`), { maxLength: 5 }),
      phones: fc.array(fc.tuple(phone, fc.boolean()), { maxLength: 5 }),
      cep: fc.stringMatching(/^[0-9]{8}$/),
      state: fc.constantFrom(...BR_STATES),
      birthDate: fc.option(day, { nil: undefined }),
      tags: fc.uniqueArray(word, { maxLength: 10, comparator: (a, b) => a.toLowerCase() === b.toLowerCase() }),
      consent: fc.boolean(),
    })
    .map((g) => {
      const digits = g.company ? generateCnpj(mulberry32(g.seed)) : generateCpf(mulberry32(g.seed));
      return {
        expected: g,
        digits,
        input: {
          kind: g.company ? "company" : "person",
          name: ` ${g.name} `,
          document: g.masked ? (g.company ? formatCnpj(digits) : formatCpf(digits)) : digits,
          emails: g.emails.map((e) => e.toUpperCase()),
          phones: g.phones.map(([n, w]) => ({ number: g.masked ? formatPhone(n) : n, whatsapp: w ? "on" : undefined })),
          postalCode: g.masked ? formatCep(g.cep) : g.cep,
          state: g.state.toLowerCase(),
          birthDate: g.birthDate,
          tags: g.tags.join(", "),
          marketingConsent: g.consent ? "on" : undefined,
        },
      };
    });

  it("accepts every valid generated client and normalises it (digits, upper-case UF, lower-case e-mails)", () => {
    fc.assert(
      fc.property(validClient, ({ input, digits, expected }) => {
        const parsed = clientSchema.safeParse(input);
        expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
        const out = parsed.data!;
        expect(out.name).toBe(expected.name.trim());
        expect(out.document).toBe(digits);
        expect(out.postalCode).toBe(expected.cep);
        expect(out.state).toBe(expected.state);
        expect(out.country).toBe("BR");
        expect(out.emails).toEqual(expected.emails);
        expect(out.phones.map((p) => p.number)).toEqual(expected.phones.map(([n]) => n));
        expect(out.tags).toEqual(expected.tags);
        expect(out.marketingConsent).toBe(expected.consent);
        // The edit schema takes the same input plus its version.
        expect(clientEditSchema.safeParse({ ...input, version: "3" }).success).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("refuses a CPF for a company, a CNPJ for a person and a wrong check digit", () => {
    const cpf = generateCpf(mulberry32(7));
    const cnpj = generateCnpj(mulberry32(7));
    const err = (input: object) => clientSchema.safeParse({ name: "X", ...input }).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(err({ kind: "company", document: cpf })).toEqual([["document", "registers.errors.cnpj"]]);
    expect(err({ kind: "person", document: cnpj })).toEqual([["document", "registers.errors.cpf"]]);
    const wrong = cpf.slice(0, 10) + String((Number(cpf[10]) + 1) % 10);
    expect(err({ kind: "person", document: wrong })).toEqual([["document", "registers.errors.cpf"]]);
    expect(err({ kind: "person", emails: ["a@b.co", "A@B.CO"] })).toEqual([["emails.1", "registers.errors.duplicateEmail"]]);
    expect(err({ kind: "person", birthDate: "2999-01-01" })).toEqual([["birthDate", "registers.errors.birthDate"]]);
    expect(err({ kind: "person", postalCode: "1234", country: "BR" })).toEqual([["postalCode", "registers.errors.cep"]]);
    // Outside Brazil the CEP and UF rules do not apply.
    expect(err({ kind: "person", postalCode: "C1043", state: "Buenos Aires", country: "ar" })).toBeUndefined();
    expect(clientEditSchema.safeParse({ kind: "person", name: "X", version: "0" }).success).toBe(false);
  });
});

describe("CSV mapping", () => {
  it("reads Brazilian dates and leaves anything else for the schema", () => {
    expect(csvDate("31/12/1990")).toBe("1990-12-31");
    expect(csvDate(" 1990-12-31 ")).toBe("1990-12-31");
    expect(csvDate("1/2/1990")).toBe("1/2/1990");
  });

  it("maps kinds, yes/no and lists of the CSV to the form's input", () => {
    const input = csvRowToFormInput({ kind: "PJ", name: "Empresa", emails: "a@b.co | c@d.co", phones: "11987654321*|2134567890", tags: "x|y", marketingConsent: "Sim" });
    expect(input).toMatchObject({
      kind: "company",
      emails: ["a@b.co", "c@d.co"],
      phones: [
        { number: "11987654321", whatsapp: true },
        { number: "2134567890", whatsapp: false },
      ],
      tags: "x,y",
      marketingConsent: true,
    });
    expect(csvRowToFormInput({ name: "Sem tipo" }).kind).toBe("person");
    expect(csvRowToFormInput({ kind: "alien", name: "X" }).kind).toBe("alien");
  });

  /** A stored client (the schema's output) with arbitrary texts in every free field. */
  const text = fc.string({ maxLength: 30 }).filter((s) => s.trim().length > 0);
  const stored = fc
    .record({
      seed: fc.integer(),
      name: text,
      tradeName: fc.option(text, { nil: "" }),
      notes: fc.option(fc.string({ maxLength: 200 }), { nil: "" }),
      street: fc.option(text, { nil: "" }),
      // "|" separates the CSV's list cells; a tag holding one is its own (failing) example below.
      tags: fc.array(fc.string({ maxLength: 30 }).filter((t) => !t.includes("|")), { maxLength: 10 }),
      emails: fc.uniqueArray(fc.stringMatching(/^[a-z0-9._+-]{1,10}@[a-z]{1,8}\.com$/), { maxLength: 5 }),
      consent: fc.boolean(),
    })
    .map((g) =>
      clientSchema.safeParse({
        kind: "person",
        name: g.name,
        tradeName: g.tradeName,
        document: generateCpf(mulberry32(g.seed)),
        emails: g.emails,
        street: g.street,
        notes: g.notes,
        tags: g.tags.join(","),
        marketingConsent: g.consent,
      }),
    )
    .filter((r) => r.success)
    .map((r) => r.data as ClientInput);

  it("exports a record that imports back to the same client (clientToCsvRow ∘ csvRowToFormInput)", () => {
    fc.assert(
      fc.property(stored, (client) => {
        const row = clientToCsvRow(client);
        expect(Object.keys(row)).toEqual([...CLIENT_CSV_COLUMNS]);
        const back = clientSchema.safeParse(csvRowToFormInput(row));
        expect(back.success, JSON.stringify(back.error?.issues)).toBe(true);
        expect(back.data).toEqual(client);
      }),
      { numRuns: 1000 },
    );
  });

  it("treats '|' (the CSV list separator) as a tag separator, so tags round-trip through CSV", () => {
    const client = clientSchema.parse({ kind: "person", name: "Tags", tags: "ida|volta, vip" });
    expect(client.tags).toEqual(["ida", "volta", "vip"]);
    const back = clientSchema.parse(csvRowToFormInput(clientToCsvRow(client)));
    expect(back.tags).toEqual(["ida", "volta", "vip"]);
  });
});

describe("ageOn", () => {
  it("counts whole years, the birthday included", () => {
    expect(ageOn("1990-05-17", "2026-05-16")).toBe(35);
    expect(ageOn("1990-05-17", "2026-05-17")).toBe(36);
    expect(ageOn("2000-02-29", "2026-02-28")).toBe(25);
    expect(ageOn(null, "2026-01-01")).toBeNull();
    expect(ageOn("2030-01-01", "2026-01-01")).toBeNull();
    expect(ageOn("not a date", "2026-01-01")).toBeNull();
  });
});
