import { describe, expect, it } from "vitest";
import { displayName, initials } from "~/lib/platform/display";

describe("displayName (spec §5)", () => {
  it("shows the first and last word of the name", () => {
    expect(displayName("Ana Paula Ribeiro", "a@x")).toBe("Ana Ribeiro");
    expect(displayName("  Bruno   Carvalho  Lima ", "b@x")).toBe("Bruno Lima");
  });
  it("shows a single-word name as is", () => {
    expect(displayName("Marina", "m@x")).toBe("Marina");
  });
  it("falls back to the e-mail without a name", () => {
    expect(displayName("", "m@x.example")).toBe("m@x.example");
    expect(displayName(null, "m@x.example")).toBe("m@x.example");
    expect(displayName("   ", "m@x.example")).toBe("m@x.example");
  });
});

describe("initials (spec §5)", () => {
  it("takes the first letters of the first and last words, uppercased", () => {
    expect(initials("ana paula ribeiro")).toBe("AR");
    expect(initials("Élio Ávila")).toBe("ÉÁ");
  });
  it("takes one letter from a single word", () => {
    expect(initials("marina")).toBe("M");
  });
  it("is '?' without a name", () => {
    expect(initials("")).toBe("?");
    expect(initials(undefined)).toBe("?");
  });
});
