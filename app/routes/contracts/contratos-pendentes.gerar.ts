import { data } from "react-router";
import { parseGenerate } from "~/lib/contracts/contract.schema";
import { generateContracts } from "~/lib/contracts/contract.server";
import { getEnv, getMailer } from "~/middleware/cloudflare";
import { requireModule, requireScope } from "~/middleware/session";
import type { Route } from "./+types/contratos-pendentes.gerar";

export const middleware: Route.MiddlewareFunction[] = [requireModule("contratos", "contratos_pendentes")];

/**
 * POST: generates (and optionally sends) the contracts of the posted sales and answers
 * JSON with one outcome per sale. The pending page calls it once per sale to show
 * progress; without JavaScript its own action does the whole batch.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const scope = requireScope(context, request);
  const parsed = parseGenerate(await request.formData());
  if (!parsed?.success) return data({ outcomes: [], error: parsed?.error.issues[0]?.message ?? "validation.invalid" }, { status: 400 });
  const { venda, template, send } = parsed.data;
  const outcomes = await generateContracts(scope, { bucket: getEnv(context).FILES, mailer: getMailer(context), origin: new URL(request.url).origin }, venda, { templateId: template, send });
  return { outcomes, error: null };
}
