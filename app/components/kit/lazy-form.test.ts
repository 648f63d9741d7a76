import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { unvalidated, validatedField } from "~/components/kit/lazy-form";
import { clientSchema } from "~/lib/registers/client.schema";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(entries)) data.append(k, v);
  return data;
};

describe("validatedField", () => {
  it("names the field of Conform's validate intent (blur / input validation)", () => {
    expect(validatedField(form({ name: "", __intent__: JSON.stringify({ type: "validate", payload: { name: "name" } }) }))).toBe("name");
    expect(validatedField(form({ __intent__: JSON.stringify({ type: "validate", payload: { name: "emails[1]" } }) }))).toBe("emails[1]");
  });

  it("is null for a submit, another intent or a broken one", () => {
    expect(validatedField(form({ name: "x" }))).toBeNull();
    expect(validatedField(form({ __intent__: JSON.stringify({ type: "insert", payload: { name: "emails" } }) }))).toBeNull();
    expect(validatedField(form({ __intent__: JSON.stringify({ type: "validate", payload: {} }) }))).toBeNull();
    expect(validatedField(form({ __intent__: "{not json" }))).toBeNull();
    expect(validatedField(form({ __intent__: "null" }))).toBeNull();
  });
});

describe("unvalidated (before the schema arrives)", () => {
  it("lets a submit through to the server with the posted values and no errors", () => {
    const submission = unvalidated(form({ name: "", kind: "person" }));
    expect(submission.status).toBe("success");
    expect(submission.payload).toEqual({ name: "", kind: "person" });
    // The schema would refuse the same post: the server does it.
    expect(parseWithZod(form({ name: "", kind: "person" }), { schema: clientSchema }).status).toBe("error");
  });

  it("still applies list intents (add / remove a row) in the browser", () => {
    const submission = unvalidated(form({ "emails[0]": "a@b.example", __intent__: JSON.stringify({ type: "insert", payload: { name: "emails", defaultValue: "" } }) }));
    expect(submission.status).toBeUndefined();
    expect(submission.payload).toEqual({ emails: ["a@b.example", ""] });
  });
});
