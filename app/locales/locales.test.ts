import { describe, expect, it } from "vitest";
import resources from "~/locales/resources";
import { LANGUAGES } from "~/locales";

/** Every leaf key path of a translation object, with its value. */
function leaves(obj: unknown, prefix = ""): [string, unknown][] {
  if (typeof obj !== "object" || obj === null) return [[prefix, obj]];
  return Object.entries(obj).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

/** {{placeholders}} of a text, sorted. */
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("translations (pt is the source of truth)", () => {
  const pt = new Map(leaves(resources.pt.translation));

  for (const lng of LANGUAGES) {
    describe(lng, () => {
      const entries = new Map(leaves(resources[lng].translation));

      it("has every key of pt", () => {
        const missing = [...pt.keys()].filter((k) => !entries.has(k));
        expect(missing).toEqual([]);
      });

      it("has no key that pt lacks", () => {
        const extra = [...entries.keys()].filter((k) => !pt.has(k));
        expect(extra).toEqual([]);
      });

      it("has no empty or non-text value", () => {
        const bad = [...entries].filter(([, v]) => typeof v !== "string" || v.trim() === "").map(([k]) => k);
        expect(bad).toEqual([]);
      });

      it("keeps the interpolation placeholders of pt", () => {
        const differ = [...pt]
          .filter(([k, v]) => typeof v === "string" && typeof entries.get(k) === "string")
          .filter(([k, v]) => placeholders(v as string).join() !== placeholders(entries.get(k) as string).join())
          .map(([k]) => k);
        expect(differ).toEqual([]);
      });
    });
  }

  it("names the notification popover per spec §2.7", () => {
    expect(resources.pt.translation.notifications.title).toBe("Notificações");
    expect(resources.en.translation.notifications.title).toBe("Notifications");
    expect(resources.es.translation.notifications.title).toBe("Notificaciones");
  });
});
