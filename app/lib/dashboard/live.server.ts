/**
 * The dashboard's live figures (decision 0022): whatever changes a figure — a sale
 * confirmed, edited or cancelled, a title settled (by hand or by an Asaas webhook) —
 * announces itself on the agency's dashboard room (the board rooms' one path,
 * platform/board-room.server.ts), and every open dashboard of the agency re-reads its
 * figures (each viewer's own, by role). Written to D1 first; a room that cannot be
 * reached loses nothing (the dashboard re-reads on reconnect).
 */
import type { TitleHooks } from "~/lib/finance/ledger/titles.server";
import { announceBoard, type BoardsEnv } from "~/lib/platform/board-room.server";

export async function announceDashboard(env: BoardsEnv, agencyId: string, recordId: string | null, by: string): Promise<boolean> {
  return announceBoard(env, agencyId, "dashboard", { type: "changed", id: recordId, by });
}

/** A title screen's hooks, plus: a cancellation, edit, settlement or reversal announces itself to the dashboards. */
export function withDashboardHooks(env: BoardsEnv, hooks: TitleHooks): TitleHooks {
  return {
    async cancelled(scope, titleId) {
      await hooks.cancelled?.(scope, titleId);
      await announceDashboard(env, scope.agencyId, titleId, scope.userId);
    },
    async changed(scope, titleId, fields) {
      await hooks.changed?.(scope, titleId, fields);
      await announceDashboard(env, scope.agencyId, titleId, scope.userId);
    },
  };
}
