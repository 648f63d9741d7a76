/**
 * The account forms' schemas — sign in, forgot and reset password, accepting
 * an invitation, the profile's name, password and language — shared by the
 * routes' actions (every post) and the browser (loaded on the form's first
 * focus, so zod stays out of the auth and profile chunks).
 */
import { z } from "zod";
import { emailField, msg, passwordField, requiredText } from "~/lib/kit/forms";
import { LANGUAGES } from "~/locales";

export const loginSchema = z.object({
  email: emailField(),
  password: z.string({ error: msg.required }).min(1, msg.required).max(128, msg.passwordMax),
  redirectTo: z.string().optional(),
});

export const forgotSchema = z.object({ email: emailField() });

export const resetSchema = z
  .object({
    token: z.string({ error: "auth.resetInvalid" }).min(1, "auth.resetInvalid").max(200, "auth.resetInvalid"),
    password: passwordField(),
    confirm: z.string({ error: msg.required }),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "validation.passwordsDiffer" });

export const acceptSchema = z
  .object({
    name: requiredText(120),
    password: passwordField(),
    confirm: z.string({ error: msg.required }),
  })
  .refine((v) => v.password === v.confirm, { path: ["confirm"], message: "validation.passwordsDiffer" });

export const nameSchema = z.object({ intent: z.literal("name"), name: requiredText(120) });

export const passwordSchema = z
  .object({
    intent: z.literal("password"),
    currentPassword: z.string({ error: msg.required }).min(1, msg.required).max(128, msg.passwordMax),
    newPassword: passwordField(),
    confirm: z.string({ error: msg.required }),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: "validation.passwordsDiffer" });

export const preferencesSchema = z.object({ intent: z.literal("preferences"), lng: z.enum(LANGUAGES) });
