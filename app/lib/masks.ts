/**
 * Input masks of the forms (@react-input/mask options): "_" takes a digit.
 * Masks only shape what is typed; the zod schema still validates and normalises
 * on the server, so a form posted without JavaScript works the same.
 */
import type { MaskOptions, Modify } from "@react-input/mask";

const digit = { _: /\d/ };

export const CPF_INPUT_MASK = "___.___.___-__";
export const CNPJ_INPUT_MASK = "__.___.___/____-__";

export const cpfMask: MaskOptions = { mask: CPF_INPUT_MASK, replacement: digit };
export const cnpjMask: MaskOptions = { mask: CNPJ_INPUT_MASK, replacement: digit };
export const cepMask: MaskOptions = { mask: "_____-___", replacement: digit };

/** The value an edit would produce (for masks that depend on what is typed). */
const nextValue: (d: Parameters<Modify>[0]) => string = ({ value, data, selectionStart, selectionEnd }) =>
  value.slice(0, selectionStart) + (data ?? "") + value.slice(selectionEnd);

/**
 * Brazilian phones switch between landline "(11) 3000-1000" and mobile
 * "(11) 91234-5678" as digits are typed; a number starting with "+" is
 * international and keeps only its digits.
 */
export const phoneMask: MaskOptions = {
  mask: "(__) ____-_____",
  replacement: digit,
  modify: (d) => {
    const next = nextValue(d);
    if (next.trimStart().startsWith("+")) return { mask: "+_______________" };
    return { mask: next.replace(/\D/g, "").length > 10 ? "(__) _____-____" : "(__) ____-_____" };
  },
};

/** CPF for a person, CNPJ for a company. */
export const documentMask = (kind: "person" | "company") => (kind === "person" ? cpfMask : cnpjMask);
