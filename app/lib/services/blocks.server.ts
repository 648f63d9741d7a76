/**
 * What the hotel and air block screens share on the server: the supplier
 * options of a category, the supplier / destination checks of a save, names for
 * search texts, and the archive / clone intents.
 */
import { and, asc, eq, isNull } from "drizzle-orm";
import { destination, supplier } from "~/db/schema";
import type { SupplierCategory } from "~/db/schema/registers";
import type { ReadScope } from "~/lib/kit/record.server";
import type { ExtraIntents } from "~/lib/kit/record-action.server";
import { redirectWithToast } from "~/lib/platform/flash.server";
import { forbidden, notFound } from "~/lib/platform/http";
import type { Scope } from "~/lib/platform/scope.server";
import type { ToastMessage } from "~/lib/platform/toast";
import type { Result } from "~/lib/platform/result";
import { canArchiveServices, svcErr } from "~/lib/services/fields";

export type Option = { value: string; label: string };

/** The agency's live suppliers of a category (hotels, airlines), and the current one even if it changed. */
export async function supplierOptions(scope: ReadScope, category: SupplierCategory, include?: string | null): Promise<Option[]> {
  const rows = await scope.db
    .select({ id: supplier.id, name: supplier.name, tradeName: supplier.tradeName })
    .from(supplier)
    .where(and(eq(supplier.agencyId, scope.agencyId), isNull(supplier.deletedAt), eq(supplier.category, category)))
    .orderBy(asc(supplier.searchText), asc(supplier.id))
    .limit(500);
  const options = rows.map((r) => ({ value: r.id, label: r.tradeName || r.name }));
  if (include && !options.some((o) => o.value === include)) {
    const [current] = await scope.db
      .select({ id: supplier.id, name: supplier.name, tradeName: supplier.tradeName })
      .from(supplier)
      .where(and(eq(supplier.agencyId, scope.agencyId), eq(supplier.id, include)))
      .limit(1);
    if (current) options.unshift({ value: current.id, label: current.tradeName || current.name });
  }
  return options;
}

/**
 * Field errors about the supplier and the destination: the supplier one of the
 * agency's live suppliers of `category` (the one already saved stays
 * acceptable), the destination one of its destinations (a deleted one only if
 * already saved).
 */
export async function checkSupplierAndDestination(
  scope: ReadScope,
  input: { supplierId: string; destinationId: string | null },
  current: { supplierId: string; destinationId: string | null } | null,
  category: SupplierCategory,
  fields: { supplier: string; categoryError: string },
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const [found] = await scope.db
    .select({ id: supplier.id, category: supplier.category, deletedAt: supplier.deletedAt })
    .from(supplier)
    .where(and(eq(supplier.agencyId, scope.agencyId), eq(supplier.id, input.supplierId)))
    .limit(1);
  const unchanged = current?.supplierId === input.supplierId;
  if (!found || (!unchanged && found.deletedAt)) errors[fields.supplier] = [svcErr.supplier];
  else if (!unchanged && found.category !== category) errors[fields.supplier] = [fields.categoryError];
  if (input.destinationId) {
    const [place] = await scope.db
      .select({ id: destination.id, deletedAt: destination.deletedAt })
      .from(destination)
      .where(and(eq(destination.agencyId, scope.agencyId), eq(destination.id, input.destinationId)))
      .limit(1);
    if (!place || (place.deletedAt && current?.destinationId !== input.destinationId)) errors.destinationId = [svcErr.destination];
  }
  return errors;
}

/** A supplier's and a destination's names (search texts). */
export async function namesFor(scope: ReadScope, supplierId: string, destinationId: string | null): Promise<{ supplier: string | null; destination: string | null }> {
  const [s] = await scope.db
    .select({ name: supplier.name, tradeName: supplier.tradeName })
    .from(supplier)
    .where(and(eq(supplier.agencyId, scope.agencyId), eq(supplier.id, supplierId)))
    .limit(1);
  const [d] = destinationId
    ? await scope.db
        .select({ name: destination.name, state: destination.state })
        .from(destination)
        .where(and(eq(destination.agencyId, scope.agencyId), eq(destination.id, destinationId)))
        .limit(1)
    : [];
  return { supplier: s ? [s.tradeName, s.name].filter(Boolean).join(" ") : null, destination: d ? [d.name, d.state].filter(Boolean).join(" ") : null };
}

/**
 * A block screen's own intents: archive (administrators and operations), clone,
 * and `more` (the rooming or passenger list). Another agency's or an unknown id
 * is a 404; anything else goes on to save.
 */
export function blockIntents(options: {
  id: string;
  listPath: string;
  archive: (scope: Scope, id: string) => Promise<Result<{ label: string }, string>>;
  clone: (scope: Scope, id: string) => Promise<Result<{ id: string; title: string }, string>>;
  more?: ExtraIntents;
}): ExtraIntents {
  return async (intent, formData, scope) => {
    if (intent === "archive") {
      if (!canArchiveServices(scope.role)) {
        return forbidden({ archiveError: "services.archive.forbidden", toast: { title: "services.archive.forbidden", variant: "destructive" } satisfies ToastMessage });
      }
      const result = await options.archive(scope, options.id);
      if (!result.ok) throw notFound();
      return redirectWithToast(options.listPath, { title: "services.archive.done", values: { name: result.label } });
    }
    if (intent === "clone") {
      const copy = await options.clone(scope, options.id);
      if (!copy.ok) throw notFound();
      return redirectWithToast(`${options.listPath}/editar/${copy.id}`, { title: "services.clone.done", values: { name: copy.title } });
    }
    return options.more?.(intent, formData, scope);
  };
}
