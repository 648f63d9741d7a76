import { z } from "zod";
import { ALL_CODES, parseDay } from "~/lib/finance/fx";

/**
 * The rate lookup's query (`…/cotacao?moeda=USD&dia=2026-11-28`): a known currency code and a
 * real day. What a title form asks before saving, to show the rate its save will take.
 */
export const rateQuerySchema = z.object({
  moeda: z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .refine((s) => ALL_CODES.includes(s)),
  dia: z
    .string()
    .transform((s) => parseDay(s))
    .refine((s): s is string => s !== null),
});

export function parseRateQuery(params: URLSearchParams): { currency: string; day: string } | null {
  const parsed = rateQuerySchema.safeParse({ moeda: params.get("moeda") ?? "", dia: params.get("dia") ?? "" });
  return parsed.success ? { currency: parsed.data.moeda, day: parsed.data.dia as string } : null;
}
