/**
 * Who may change money in the finance screens (issue #13 item 5; spec §6 leaves
 * actions inside screens open): any member views; settling, reversing,
 * cancelling, transfers and the settings are for Admin, a SuperAdmin working in
 * the agency, and Financeiro. Others see the buttons disabled with the reason;
 * the server answers 403.
 */
import type { Role } from "~/db/schema/platform";

export const FINANCE_MANAGERS: readonly Role[] = ["SuperAdmin", "Admin", "Financeiro"];
export const canManageFinance = (role: Role) => FINANCE_MANAGERS.includes(role);
