/** The task form's schemas (server, and the browser on demand), and the board's, comments' and checklist's posts. */
import { z } from "zod";
import { msg, optionalText, requiredText } from "~/lib/kit/forms";
import { versionField } from "~/lib/kit/fields";
import { localInputToUtc } from "~/lib/services/fields";
import { TASK_LINK_KINDS, TASK_PRIORITIES, TASK_STATUSES, taskErr } from "~/lib/tasks/task";

/** An optional record id: empty is null. */
const optionalId = () =>
  z
    .string()
    .trim()
    .max(64, msg.invalid)
    .regex(/^[A-Za-z0-9_-]*$/, msg.invalid)
    .optional()
    .transform((v) => (v ? v : null));

/** "YYYY-MM-DDTHH:mm" as a datetime-local input sends it, in the agency's zone → a UTC ISO instant; empty is null. */
const dueField = (timeZone: string) =>
  z
    .string()
    .trim()
    .max(25, taskErr.dueAt)
    .optional()
    .transform((v, ctx) => {
      if (!v) return null;
      const utc = localInputToUtc(v, timeZone);
      if (!utc) {
        ctx.addIssue({ code: "custom", message: taskErr.dueAt });
        return z.NEVER;
      }
      return utc;
    });

const taskFields = (timeZone: string) => ({
  title: requiredText(200),
  description: optionalText(5000),
  typeId: optionalId(),
  status: z.enum(TASK_STATUSES, { error: msg.invalid }).default("a_fazer"),
  priority: z.enum(TASK_PRIORITIES, { error: msg.invalid }).default("medium"),
  dueAt: dueField(timeZone),
  assigneeUserId: optionalId(),
  linkKind: z
    .enum(["", ...TASK_LINK_KINDS], { error: msg.invalid })
    .optional()
    .transform((v) => (v ? v : null)),
  linkId: optionalId(),
});

type LinkShape = { linkKind: string | null; linkId: string | null };
function refineLink(v: LinkShape, ctx: z.RefinementCtx) {
  if (v.linkKind && !v.linkId) ctx.addIssue({ code: "custom", path: ["linkId"], message: taskErr.link });
}

/** Nova tarefa; the due date is read in `timeZone` (the agency's). */
export const taskSchemaIn = (timeZone: string) => z.object(taskFields(timeZone)).superRefine(refineLink);
/** Editar tarefa: the same, plus the version the form was loaded with. */
export const taskEditSchemaIn = (timeZone: string) => z.object({ ...taskFields(timeZone), version: versionField() }).superRefine(refineLink);
/** The browser's copy (checks the shape; the server reads the due date in the agency's zone). */
export const taskSchema = taskSchemaIn("UTC");
export type TaskInput = z.output<typeof taskSchema>;

/** A board move: the card, its version, the new column and its new neighbours (empty at an end). */
export const taskMoveSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, msg.invalid),
  version: versionField(),
  status: z.enum(TASK_STATUSES, { error: msg.invalid }),
  beforeId: optionalId(),
  afterId: optionalId(),
});
export type TaskMove = z.output<typeof taskMoveSchema>;

export const taskCommentSchema = z.object({ body: requiredText(4000) });
export const checklistAddSchema = z.object({ label: requiredText(200) });
export const checklistItemSchema = z.object({ itemId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, msg.invalid) });
