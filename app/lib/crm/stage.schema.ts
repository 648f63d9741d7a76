/** The stage settings' forms (/crm/etapas): rename and recolour, add, move, delete. */
import { z } from "zod";
import { msg, requiredText } from "~/lib/kit/forms";
import { versionField } from "~/lib/kit/fields";
import { STAGE_COLORS } from "~/lib/crm/stages";

const id = () => z.string({ error: msg.invalid }).trim().min(1, msg.invalid).max(64, msg.invalid).regex(/^[A-Za-z0-9_-]+$/, msg.invalid);

export const stageSaveSchema = z.object({ stage: id(), name: requiredText(60), color: z.enum(STAGE_COLORS, { error: msg.invalid }), version: versionField() });
export const stageAddSchema = z.object({ name: requiredText(60), color: z.enum(STAGE_COLORS, { error: msg.invalid }) });
export const stageMoveSchema = z.object({ stage: id(), direction: z.enum(["up", "down"], { error: msg.invalid }) });
export const stageDeleteSchema = z.object({ stage: id() });
