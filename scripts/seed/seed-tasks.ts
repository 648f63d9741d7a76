/**
 * The demo tasks (issue #18): each demo agency's task types (Ligação, Visita,
 * Documentação, Follow-up, Pagamento) and eight tasks per user of the agency across
 * the four statuses, due around today (some overdue, some today, some later), a few
 * linked to the agency's clients, with checklists and comments (their counters come
 * from the triggers), numbered 1… with the record_counter 'task' set to the last.
 *
 * Idempotent like the rest of the seed: fixed ids (table codes 0x1e0–0x1e4) inserted
 * with ON CONFLICT DO NOTHING, so a task moved or edited in the demo stays as the
 * user left it. Due dates are relative to `today` (the day the seed runs). Runs under
 * plain node (relative imports with .ts).
 */
import { buildSearchText } from "../../app/lib/kit/search-text.ts";
import type { SeedAgency, SeedRow } from "./seed-registers.ts";

/** Tables in insertion order, with the code used in their ids. */
export const TASK_TABLES = {
  task_type: 0x1e0,
  task: 0x1e1,
  task_checklist_item: 0x1e2,
  task_comment: 0x1e3,
  record_counter: 0x1e4,
} as const;
export type TaskTable = keyof typeof TASK_TABLES;

export function taskSeedId(table: TaskTable, agencyIndex: number, n: number): string {
  const hex = (v: number, width: number) => v.toString(16).padStart(width, "0");
  return `0190a000-${hex(TASK_TABLES[table], 4)}-7${hex(agencyIndex + 1, 3)}-8000-${hex(n, 12)}`;
}

export const SEED_TASK_TYPES = [
  { name: "Ligação", color: "blue" },
  { name: "Visita", color: "green" },
  { name: "Documentação", color: "amber" },
  { name: "Follow-up", color: "violet" },
  { name: "Pagamento", color: "red" },
] as const;

type Plan = { title: string; type: number; status: string; priority: string; dueHours: number | null; checklist?: readonly string[]; done?: number; comments?: readonly string[]; client?: boolean };

/** Eight tasks per user: hours from the seed's "now" to the due instant (negative: overdue). */
const PLANS: readonly Plan[] = [
  { title: "Ligar para confirmar o embarque", type: 0, status: "a_fazer", priority: "high", dueHours: -26, client: true, comments: ["Cliente não atendeu; tentar de novo à tarde."] },
  { title: "Enviar documentação da viagem", type: 2, status: "a_fazer", priority: "medium", dueHours: 3, checklist: ["Voucher do hotel", "Bilhetes aéreos", "Seguro viagem"], done: 1, client: true },
  { title: "Cobrar a segunda parcela", type: 4, status: "em_andamento", priority: "urgent", dueHours: -4, comments: ["Boleto reenviado por e-mail.", "Cliente pediu mais dois dias."], client: true },
  { title: "Follow-up do orçamento de Gramado", type: 3, status: "em_andamento", priority: "medium", dueHours: 30, checklist: ["Revisar valores", "Enviar proposta atualizada"] },
  { title: "Visita técnica ao hotel parceiro", type: 1, status: "a_fazer", priority: "low", dueHours: 24 * 6 },
  { title: "Conferir passaportes do grupo", type: 2, status: "concluida", priority: "high", dueHours: -48, checklist: ["Validade acima de 6 meses", "Vistos"], done: 2 },
  { title: "Retornar pedido de reembolso", type: 0, status: "cancelada", priority: "medium", dueHours: -72, comments: ["O cliente desistiu do pedido."] },
  { title: "Planejar roteiro da excursão de férias", type: 3, status: "a_fazer", priority: "medium", dueHours: null },
];

export function buildTaskRows(
  agencies: readonly SeedAgency[],
  options: { now: Date; today: Date; users: readonly { id: string; agencyId: string | null }[]; clients: readonly SeedRow[] },
): Record<TaskTable, SeedRow[]> {
  const at = options.now.toISOString();
  // Due dates around the day the seed runs, on the hour.
  const base = new Date(options.today);
  base.setUTCMinutes(0, 0, 0);
  const out: Record<TaskTable, SeedRow[]> = { task_type: [], task: [], task_checklist_item: [], task_comment: [], record_counter: [] };
  agencies.forEach((agency, a) => {
    const users = options.users.filter((u) => u.agencyId === agency.id);
    const clients = options.clients.filter((c) => c.agency_id === agency.id);
    const creator = users[0]?.id ?? null;
    SEED_TASK_TYPES.forEach((t, i) =>
      out.task_type.push({
        id: taskSeedId("task_type", a, i + 1),
        agency_id: agency.id,
        name: t.name,
        color: t.color,
        search_text: buildSearchText(t.name),
        created_by: creator,
        deleted_at: null,
        created_at: at,
        updated_at: at,
        version: 1,
      }),
    );
    let number = 0;
    let item = 0;
    let comment = 0;
    const positions: Record<string, number> = {};
    users.forEach((user, u) => {
      PLANS.forEach((plan, p) => {
        number += 1;
        const id = taskSeedId("task", a, number);
        const due = plan.dueHours === null ? null : new Date(base.getTime() + (plan.dueHours + u) * 3_600_000).toISOString();
        positions[plan.status] = (positions[plan.status] ?? 0) + 1024;
        const client = plan.client && clients.length ? clients[(u * PLANS.length + p) % clients.length]! : null;
        out.task.push({
          id,
          agency_id: agency.id,
          number,
          title: plan.title,
          description: null,
          type_id: taskSeedId("task_type", a, plan.type + 1),
          status: plan.status,
          priority: plan.priority,
          due_at: due,
          assignee_user_id: user.id,
          client_id: client ? (client.id as string) : null,
          deal_id: null,
          sale_id: null,
          excursion_id: null,
          position: positions[plan.status],
          completed_at: plan.status === "concluida" ? at : null,
          reminded_soon_for: null,
          reminded_overdue_for: null,
          search_text: buildSearchText(plan.title),
          created_by: users[(u + 1) % users.length]?.id ?? user.id,
          deleted_at: null,
          created_at: at,
          updated_at: at,
          version: 1,
        });
        (plan.checklist ?? []).forEach((label, i) => {
          item += 1;
          const done = i < (plan.done ?? 0);
          out.task_checklist_item.push({
            id: taskSeedId("task_checklist_item", a, item),
            agency_id: agency.id,
            task_id: id,
            position: i + 1,
            label,
            done,
            done_at: done ? at : null,
            done_by: done ? user.id : null,
            created_at: at,
            updated_at: at,
          });
        });
        (plan.comments ?? []).forEach((body, i) => {
          comment += 1;
          out.task_comment.push({
            id: taskSeedId("task_comment", a, comment),
            agency_id: agency.id,
            task_id: id,
            user_id: i % 2 === 0 ? user.id : (users[(u + 1) % users.length]?.id ?? user.id),
            body,
            created_at: new Date(options.now.getTime() + (i + 1) * 60_000).toISOString(),
          });
        });
      });
    });
    if (number > 0) out.record_counter.push({ agency_id: agency.id, kind: "task", last: number });
  });
  return out;
}
