/**
 * What forms share without zod (so components can import it without pulling
 * zod into their route chunk): the generic error keys, the posted-rows limit
 * and Conform's dirty rule. `~/lib/kit/forms` re-exports all of it.
 */

export const msg = {
  required: "validation.required",
  email: "validation.email",
  passwordMin: "validation.passwordMin",
  passwordMax: "validation.passwordMax",
  tooLong: "validation.tooLong",
  invalid: "validation.invalid",
} as const;

/** Repeatable rows a form may post (e-mails, contacts...): a higher index is refused before parsing. */
export const MAX_POSTED_ROWS = 100;

/**
 * Conform's `shouldDirtyConsider` for record forms: the hidden bookkeeping fields
 * (version, intent) are not the user's changes, so a form just loaded or just
 * saved is not "dirty" and leaving it asks nothing.
 */
export const considerForDirty = (name: string) => name !== "version" && name !== "intent" && !name.startsWith("__");
