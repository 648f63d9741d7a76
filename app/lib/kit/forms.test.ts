import { describe, expect, it } from "vitest";
import { clientSchema } from "~/lib/registers/client.schema";
import { partnerSchemas } from "~/lib/registers/partner.schema";
import { parseForm } from "~/lib/kit/forms";

const form = (entries: [string, string][]) => {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
};

describe("parseForm refuses shapes a form never sends", () => {
  const client = (extra: [string, string][]) => form([["kind", "person"], ["name", "Maria Souza"], ...extra]);

  it("accepts the form's own shape", () => {
    const submission = parseForm(client([["emails[0]", "maria@example.com"], ["phones[0].number", "(11) 91234-5678"], ["phones[0].whatsapp", "on"]]), clientSchema);
    expect(submission?.status).toBe("success");
  });

  it("refuses a single value where the schema takes a list (emails=x, phones=x)", () => {
    expect(parseForm(client([["emails", "x@y.z"]]), clientSchema)).toBeNull();
    expect(parseForm(client([["phones", "11912345678"]]), clientSchema)).toBeNull();
    expect(parseForm(form([["kind", "company"], ["name", "Hotel"], ["category", "hotel"], ["contacts", "Ana"]]), partnerSchemas.supplier.create)).toBeNull();
    expect(parseForm(form([["kind", "company"], ["name", "Transfer"], ["category", "transfer"], ["services", "City tour"]]), partnerSchemas.provider.create)).toBeNull();
  });

  it("refuses a list or an object where the schema takes one value", () => {
    const twice = client([]);
    twice.append("name", "Outra");
    expect(parseForm(twice, clientSchema)).toBeNull();
    expect(parseForm(form([["kind", "person"], ["name[0]", "Maria"]]), clientSchema)).toBeNull();
    expect(parseForm(form([["kind", "person"], ["name.first", "Maria"]]), clientSchema)).toBeNull();
    expect(parseForm(client([["phones[0]", "11912345678"]]), clientSchema)).toBeNull();
  });

  it("still reports field errors of a well-shaped post", () => {
    const submission = parseForm(client([["emails[0]", "not-an-email"]]), clientSchema);
    expect(submission?.status).toBe("error");
    expect(submission?.reply().error?.["emails[0]"]).toEqual(["validation.email"]);
  });
});
