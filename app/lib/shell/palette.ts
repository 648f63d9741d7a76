/**
 * The command palette's screen list and matching, as pure functions: every
 * screen the user may open (the sidebar's links plus /dashboard and /perfil),
 * leaving out screens whose role list excludes the user (spec §6).
 */
import type { Role } from "~/db/schema/platform";
import { roleMayOpen, screenForPath } from "~/lib/shell/screens";
import { flattenLinks, type IconKey, type NavItem } from "~/lib/shell/sidebar";

export type PaletteEntry = { id: string; name: string; route: string; icon: IconKey | "perfil"; trail: string[] };

export function paletteEntries(items: readonly NavItem[], role: Role, extra: { dashboard: string; profile: string }): PaletteEntry[] {
  const links = flattenLinks(items).filter((link) => {
    const screen = screenForPath(link.route);
    return !screen || roleMayOpen(screen, role);
  });
  const out: PaletteEntry[] = [];
  if (!links.some((l) => l.route === "/dashboard")) out.push({ id: "dashboard", name: extra.dashboard, route: "/dashboard", icon: "dashboard", trail: [] });
  out.push(...links);
  out.push({ id: "perfil", name: extra.profile, route: "/perfil", icon: "perfil", trail: [] });
  return out;
}

/** Lowercase without accents: "Serviços" matches "servicos". */
export const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLocaleLowerCase();

/**
 * cmdk filter: 0 hides the item; otherwise higher is better. Every word of the
 * search must occur in the name or its trail/keywords; a name that starts with
 * the search ranks first, then a word of the name starting with it.
 */
export function paletteFilter(value: string, search: string, keywords: string[] = []): number {
  const words = fold(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return 1;
  const name = fold(value);
  const haystack = [name, ...keywords.map(fold)].join(" ");
  if (!words.every((w) => haystack.includes(w))) return 0;
  const q = words.join(" ");
  if (name.startsWith(q)) return 1;
  if (name.split(/[\s/-]+/).some((part) => part.startsWith(words[0]!))) return 0.8;
  if (name.includes(q)) return 0.6;
  return 0.4;
}
