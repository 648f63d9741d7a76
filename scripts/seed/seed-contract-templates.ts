/**
 * The default contract templates of each demo agency (issue #17): the two
 * templates every new agency gets (app/lib/contracts/default-templates.ts) —
 * "Contrato de excursão" and "Contrato de viagem — emissivo", each the default
 * of its kind — with their version 1, written by the agency's Admin.
 *
 * Idempotent like the rest of the seed: fixed ids (table codes 0x190–0x191)
 * inserted with ON CONFLICT DO NOTHING, so a template edited, undefaulted or
 * deleted in the demo stays as the user left it. Runs under plain node
 * (relative imports with .ts).
 */
import { DEFAULT_TEMPLATES } from "../../app/lib/contracts/default-templates.ts";
import { buildSearchText } from "../../app/lib/kit/search-text.ts";
import type { SeedAgency, SeedRow } from "./seed-registers.ts";

/** Tables in insertion order, with the code used in their ids. */
export const CONTRACT_TEMPLATE_TABLES = {
  contract_template: 0x190,
  contract_template_version: 0x191,
} as const;
export type ContractTemplateTable = keyof typeof CONTRACT_TEMPLATE_TABLES;

export function contractTemplateSeedId(table: ContractTemplateTable, agencyIndex: number, n: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `0190a000-${hex(CONTRACT_TEMPLATE_TABLES[table], 4)}-7${hex(agencyIndex + 1, 3)}-8000-${hex(n, 12)}`;
}

export function buildContractTemplateRows(
  agencies: readonly SeedAgency[],
  options: { now: Date; userIds: Record<string, string | null> },
): Record<ContractTemplateTable, SeedRow[]> {
  const at = options.now.toISOString();
  const out: Record<ContractTemplateTable, SeedRow[]> = { contract_template: [], contract_template_version: [] };
  agencies.forEach((agency, a) => {
    const userId = options.userIds[agency.id] ?? null;
    DEFAULT_TEMPLATES.forEach((t, i) => {
      const id = contractTemplateSeedId("contract_template", a, i + 1);
      const body = JSON.stringify(t.body);
      out.contract_template.push({
        id,
        agency_id: agency.id,
        name: t.name,
        language: t.language,
        sale_kind: t.saleKind,
        is_default: true,
        body,
        current_version: 1,
        search_text: buildSearchText(t.name),
        created_by: userId,
        deleted_at: null,
        created_at: at,
        updated_at: at,
        version: 1,
      });
      out.contract_template_version.push({
        id: contractTemplateSeedId("contract_template_version", a, i + 1),
        agency_id: agency.id,
        template_id: id,
        number: 1,
        name: t.name,
        language: t.language,
        body,
        created_by: userId,
        created_at: at,
      });
    });
  });
  return out;
}
