/**
 * Input masks of the forms (imask options): "0" takes a digit. Masks only shape
 * what is typed; the zod schema still validates and normalises on the server,
 * so a form posted without JavaScript works the same.
 */
import type { FactoryOpts } from "imask";

export type MaskOptions = FactoryOpts;

export const cpfMask: MaskOptions = { mask: "000.000.000-00" };
export const cnpjMask: MaskOptions = { mask: "00.000.000/0000-00" };
export const cepMask: MaskOptions = { mask: "00000-000" };

/**
 * Brazilian phones switch between landline "(11) 3000-1000" and mobile
 * "(11) 91234-5678" as digits are typed (imask picks the first mask that fits);
 * a number starting with "+" is international and keeps only its digits.
 */
export const phoneMask: MaskOptions = {
  mask: [{ mask: "(00) 0000-0000" }, { mask: "(00) 00000-0000" }, { mask: "+000000000000000" }],
} as MaskOptions;

/** CPF for a person, CNPJ for a company. */
export const documentMask = (kind: "person" | "company") => (kind === "person" ? cpfMask : cnpjMask);
