import { describe, expect, it } from "vitest";
import { languageForCountry, languageOf, recipientLanguage, textIn } from "~/lib/platform/text-in";

describe("recipientLanguage", () => {
  it("takes the stored locale first, then the request's language, then pt", () => {
    expect(recipientLanguage("en", "es")).toBe("en");
    expect(recipientLanguage(null, "es")).toBe("es");
    expect(recipientLanguage("fr", "es")).toBe("es");
    expect(recipientLanguage(undefined, "de")).toBe("pt");
    expect(recipientLanguage()).toBe("pt");
  });
});

describe("textIn", () => {
  it("writes a mail text in the recipient's language, with the values filled in", () => {
    expect(textIn("es", "auth.resetMail.subject")).toBe("Rota: restablecimiento de contraseña");
    expect(textIn("en", "users.inviteMail.subject", { agency: "Sol" })).toBe("Invitation to join Sol on Rota");
    expect(textIn("xx", "users.inviteMail.subject", { agency: "Sol" })).toBe("Convite para a equipe de Sol no Rota");
    expect(languageOf("xx")).toBe("pt");
  });
});

describe("languageForCountry", () => {
  it("picks the party's language from its country", () => {
    expect(languageForCountry("BR")).toBe("pt");
    expect(languageForCountry(null)).toBe("pt");
    expect(languageForCountry("ar")).toBe("es");
    expect(languageForCountry("US")).toBe("en");
  });
});
