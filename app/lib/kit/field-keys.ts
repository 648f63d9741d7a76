/**
 * The register fields' error keys and the Brazilian states, without zod (for
 * components and list specs); `~/lib/kit/fields` re-exports them with the field
 * builders.
 */

export const regErr = {
  cpf: "registers.errors.cpf",
  cnpj: "registers.errors.cnpj",
  document: "registers.errors.document",
  cep: "registers.errors.cep",
  state: "registers.errors.state",
  country: "registers.errors.country",
  phone: "registers.errors.phone",
  date: "registers.errors.date",
  birthDate: "registers.errors.birthDate",
  tooMany: "registers.errors.tooMany",
  tag: "registers.errors.tag",
  duplicateEmail: "registers.errors.duplicateEmail",
  bankCode: "registers.errors.bankCode",
  pixKey: "registers.errors.pixKey",
  url: "registers.errors.url",
  latitude: "registers.errors.latitude",
  longitude: "registers.errors.longitude",
  number: "registers.errors.number",
  percent: "registers.errors.percent",
  taken: "records.errors.taken",
} as const;

export const BR_STATES = [
  "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA", "PB",
  "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
] as const;
