/**
 * Editing a licence (pure): licence management toggles `enabled` (spec §3, §5),
 * menu management renames entries per language and reorders them. Entries are
 * addressed by their id: the keys from the top-level module down, joined with
 * dots ("financeiro.faturamento.comissoes"), as in the sidebar (NavItem.id).
 * Every function returns a new tree and leaves its input untouched.
 */
import { defaultLicence, type LicenceModule, type LicenceModules } from "~/lib/system/licence";
import { LANGUAGES, type Language } from "~/locales";

/** The longest name an agency may give an entry. */
export const MAX_LABEL_LENGTH = 60;

export type LicenceEntry = {
  id: string;
  path: string[];
  entry: LicenceModule;
  /** Every ancestor is enabled (the entry's own flag aside). */
  reachable: boolean;
  depth: number;
};

const byOrder = (modules: LicenceModules) =>
  Object.keys(modules).sort((a, b) => {
    const oa = modules[a]!.order;
    const ob = modules[b]!.order;
    return (Number.isFinite(oa) ? oa : Infinity) - (Number.isFinite(ob) ? ob : Infinity) || a.localeCompare(b);
  });

/** Every entry, depth first, siblings by order (ties by key). */
export function licenceEntries(licence: LicenceModules | null | undefined): LicenceEntry[] {
  const out: LicenceEntry[] = [];
  const walk = (modules: LicenceModules | undefined, parent: string[], reachable: boolean) => {
    if (!modules) return;
    for (const key of byOrder(modules)) {
      const entry = modules[key]!;
      const path = [...parent, key];
      out.push({ id: path.join("."), path, entry, reachable, depth: parent.length });
      walk(entry.submodules, path, reachable && entry.enabled === true);
    }
  };
  walk(licence ?? undefined, [], true);
  return out;
}

export const entryIds = (licence: LicenceModules | null | undefined) => licenceEntries(licence).map((e) => e.id);

export function cloneLicence(licence: LicenceModules): LicenceModules {
  return structuredClone(licence);
}

/** The entry at an id, or undefined (own keys only: "toString" is no entry). */
export function entryAt(licence: LicenceModules | null | undefined, id: string): LicenceModule | undefined {
  let modules: LicenceModules | undefined = licence ?? undefined;
  let entry: LicenceModule | undefined;
  for (const key of id.split(".")) {
    if (!modules || !Object.hasOwn(modules, key)) return undefined;
    entry = modules[key];
    modules = entry?.submodules;
  }
  return entry;
}

/** The ids in `ids` that name no entry of the licence. */
export function unknownIds(licence: LicenceModules, ids: Iterable<string>): string[] {
  return [...ids].filter((id) => entryAt(licence, id) === undefined);
}

/** Sets `enabled` on every entry: true exactly for the ids given. */
export function applyEnabled(licence: LicenceModules, enabled: ReadonlySet<string>): LicenceModules {
  const next = cloneLicence(licence);
  for (const { id } of licenceEntries(next)) entryAt(next, id)!.enabled = enabled.has(id);
  return next;
}

export type EnabledCount = { modules: number; modulesTotal: number; entries: number; entriesTotal: number };

/** Enabled top-level modules, and entries a user can reach (the entry and its ancestors enabled, spec §5). */
export function countEnabled(licence: LicenceModules | null | undefined): EnabledCount {
  const all = licenceEntries(licence);
  const top = all.filter((e) => e.depth === 0);
  return {
    modules: top.filter((e) => e.entry.enabled).length,
    modulesTotal: top.length,
    entries: all.filter((e) => e.reachable && e.entry.enabled).length,
    entriesTotal: all.length,
  };
}

/** Which entries' `enabled` flag differs, as { id: [before, after] } (for the audit). */
export function enabledChanges(before: LicenceModules, after: LicenceModules): Record<string, [boolean, boolean]> {
  const out: Record<string, [boolean, boolean]> = {};
  for (const { id, entry } of licenceEntries(after)) {
    const was = entryAt(before, id)?.enabled ?? false;
    if (was !== entry.enabled) out[`enabled.${id}`] = [was, entry.enabled];
  }
  return out;
}

export type Labels = Partial<Record<Language, string>>;

export type MenuEdit = {
  /** Every id of the licence once, in display order; siblings are numbered by their position among themselves. */
  order: readonly string[];
  /** New names per language; an empty text removes the agency's name (the default shows again). */
  labels: Readonly<Record<string, Labels>>;
};

export type MenuEditError =
  | { kind: "unknown"; ids: string[] }
  | { kind: "duplicate"; ids: string[] }
  | { kind: "missing"; ids: string[] }
  | { kind: "tooLong"; fields: string[] };

/** The field name of an entry's label in a language: `label.<id>.<lng>`. */
export const labelField = (id: string, language: Language) => `label.${id}.${language}`;

/** Checks a menu edit against the licence: known ids only, each once, all of them; labels at most 60 characters. */
export function validateMenuEdit(licence: LicenceModules, edit: MenuEdit): MenuEditError | null {
  const unknown = unknownIds(licence, [...edit.order, ...Object.keys(edit.labels)]);
  if (unknown.length > 0) return { kind: "unknown", ids: [...new Set(unknown)] };
  const seen = new Set<string>();
  const duplicate = edit.order.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  if (duplicate.length > 0) return { kind: "duplicate", ids: duplicate };
  const missing = entryIds(licence).filter((id) => !seen.has(id));
  if (missing.length > 0) return { kind: "missing", ids: missing };
  const tooLong: string[] = [];
  for (const [id, labels] of Object.entries(edit.labels)) {
    for (const lng of LANGUAGES) {
      if ((labels[lng]?.trim().length ?? 0) > MAX_LABEL_LENGTH) tooLong.push(labelField(id, lng));
    }
  }
  if (tooLong.length > 0) return { kind: "tooLong", fields: tooLong };
  return null;
}

/** Applies a validated menu edit: `order` rewritten 1..n among siblings, labels set or cleared. Enabled flags stay. */
export function applyMenuEdit(licence: LicenceModules, edit: MenuEdit): LicenceModules {
  const next = cloneLicence(licence);
  const counters = new Map<string, number>();
  for (const id of edit.order) {
    const parent = id.includes(".") ? id.slice(0, id.lastIndexOf(".")) : "";
    const n = (counters.get(parent) ?? 0) + 1;
    counters.set(parent, n);
    entryAt(next, id)!.order = n;
  }
  for (const [id, labels] of Object.entries(edit.labels)) {
    const entry = entryAt(next, id)!;
    const merged: Labels = { ...entry.labels };
    for (const lng of LANGUAGES) {
      if (!(lng in labels)) continue;
      const text = labels[lng]?.trim() ?? "";
      if (text) merged[lng] = text;
      else delete merged[lng];
    }
    if (Object.keys(merged).length > 0) entry.labels = merged;
    else delete entry.labels;
  }
  return next;
}

/**
 * Back to the default order, names and icons (spec §2.3), keeping each entry's
 * enabled flag. Entries the default tree lacks are kept, after the defaults.
 */
export function resetMenu(licence: LicenceModules): LicenceModules {
  const merge = (current: LicenceModules | undefined, defaults: LicenceModules | undefined): LicenceModules => {
    const out: LicenceModules = {};
    const base = defaults ?? {};
    let last = 0;
    for (const key of Object.keys(base)) {
      const d = base[key]!;
      const c = current && Object.hasOwn(current, key) ? current[key] : undefined;
      const subs = d.submodules || c?.submodules ? merge(c?.submodules, d.submodules) : undefined;
      out[key] = { enabled: c ? c.enabled : d.enabled, order: d.order, name: d.name, icon: d.icon, ...(subs ? { submodules: subs } : {}) };
      last = Math.max(last, d.order);
    }
    for (const key of current ? byOrder(current) : []) {
      if (Object.hasOwn(out, key)) continue;
      const c = current![key]!;
      const { labels: _labels, ...rest } = c;
      out[key] = { ...rest, order: ++last, ...(c.submodules ? { submodules: merge(c.submodules, undefined) } : {}) };
    }
    return out;
  };
  return merge(licence, defaultLicence());
}

/** Which entries changed place or name, as { "<id>.order" | "<id>.labels": [before, after] } (for the audit). */
export function menuChanges(before: LicenceModules, after: LicenceModules): Record<string, [unknown, unknown]> {
  const out: Record<string, [unknown, unknown]> = {};
  for (const { id, entry } of licenceEntries(after)) {
    const was = entryAt(before, id);
    if (was?.order !== entry.order) out[`${id}.order`] = [was?.order ?? null, entry.order];
    if (JSON.stringify(was?.labels ?? {}) !== JSON.stringify(entry.labels ?? {})) out[`${id}.labels`] = [was?.labels ?? null, entry.labels ?? null];
  }
  return out;
}
