import { describe, expect, it } from "vitest";
import { senderDisplayName } from "~/lib/settings/email-settings";

describe("senderDisplayName", () => {
  it("prefers the saved sender name, then the agency's name, then Rota", () => {
    expect(senderDisplayName("Reservas Sol", "Agência Sol")).toBe("Reservas Sol");
    expect(senderDisplayName(null, "Agência Sol")).toBe("Agência Sol");
    expect(senderDisplayName("   ", "Agência Sol")).toBe("Agência Sol");
    expect(senderDisplayName(null, null)).toBe("Rota");
    expect(senderDisplayName(undefined)).toBe("Rota");
  });

  it("cannot break out of the quoted From header", () => {
    expect(senderDisplayName('Evil"\r\nBcc: all@x.example <a@b>')).toBe("Evil Bcc: all@x.example a@b");
    expect(senderDisplayName(null, "Agência \\ \"Sol\"")).toBe("Agência Sol");
    expect(senderDisplayName('"<>"', "Fallback")).toBe("Fallback");
    expect(senderDisplayName("x".repeat(150))).toHaveLength(100);
    expect([...senderDisplayName("✈️".repeat(80))].length).toBe(100);
    expect(senderDisplayName("Tab\tand\u0000null\u007f")).toBe("Tab and null");
  });
});
