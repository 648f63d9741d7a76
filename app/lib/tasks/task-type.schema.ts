/** The task type form's schema (server, and the browser on demand). */
import { z } from "zod";
import { msg, requiredText } from "~/lib/kit/forms";
import { versionField } from "~/lib/kit/fields";
import { TASK_TYPE_COLORS } from "~/lib/tasks/task-type";

const taskTypeFields = {
  name: requiredText(80),
  color: z.enum(TASK_TYPE_COLORS, { error: msg.invalid }),
};

export const taskTypeSchema = z.object(taskTypeFields);
export const taskTypeEditSchema = z.object({ ...taskTypeFields, version: versionField() });

export type TaskTypeInput = z.output<typeof taskTypeSchema>;
