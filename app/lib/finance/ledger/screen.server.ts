/**
 * What the ledger's route modules share: which direction a request is about
 * (the URL says: contas-a-receber or contas-a-pagar), its licence entry, and
 * the finance defaults every finance screen makes sure of.
 */
import type { TitleDirection } from "~/db/schema/finance";

/** Receivables under /financeiro/contas-a-receber, payables under /financeiro/contas-a-pagar. */
export function directionOf(request: Request): TitleDirection {
  return new URL(request.url).pathname.startsWith("/financeiro/contas-a-pagar") ? "payable" : "receivable";
}

/** The licence key of a direction's screens (spec §5). */
export const LICENCE_KEY: Record<TitleDirection, "contas_a_receber" | "contas_a_pagar"> = {
  receivable: "contas_a_receber",
  payable: "contas_a_pagar",
};
