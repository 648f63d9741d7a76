/**
 * Who may do what in the registers (spec §6 leaves actions inside screens open):
 * every member lists, creates and edits; deleting a record and importing files
 * are for the agency's administrators (Admin, and a SuperAdmin working in it).
 */
import type { Role } from "~/db/schema/platform";

export const REGISTER_MANAGERS: readonly Role[] = ["SuperAdmin", "Admin"];
export const canManageRegisters = (role: Role) => REGISTER_MANAGERS.includes(role);
