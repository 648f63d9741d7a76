/**
 * The main Brazilian banks by COMPE code (the 3-digit code of the clearing
 * system, shown with the bank's name). An account may use any 3-digit code;
 * this list names the usual ones and feeds the form's suggestions.
 */
export const BRAZILIAN_BANKS: readonly { code: string; name: string }[] = [
  { code: "001", name: "Banco do Brasil" },
  { code: "003", name: "Banco da Amazônia" },
  { code: "004", name: "Banco do Nordeste" },
  { code: "021", name: "Banestes" },
  { code: "033", name: "Santander" },
  { code: "037", name: "Banpará" },
  { code: "041", name: "Banrisul" },
  { code: "047", name: "Banese" },
  { code: "070", name: "BRB – Banco de Brasília" },
  { code: "077", name: "Banco Inter" },
  { code: "084", name: "Uniprime" },
  { code: "085", name: "Ailos" },
  { code: "104", name: "Caixa Econômica Federal" },
  { code: "133", name: "Cresol" },
  { code: "136", name: "Unicred" },
  { code: "197", name: "Stone" },
  { code: "208", name: "BTG Pactual" },
  { code: "212", name: "Banco Original" },
  { code: "218", name: "Banco BS2" },
  { code: "237", name: "Bradesco" },
  { code: "246", name: "Banco ABC Brasil" },
  { code: "260", name: "Nu Pagamentos (Nubank)" },
  { code: "290", name: "PagSeguro (PagBank)" },
  { code: "318", name: "Banco BMG" },
  { code: "323", name: "Mercado Pago" },
  { code: "336", name: "Banco C6" },
  { code: "341", name: "Itaú Unibanco" },
  { code: "380", name: "PicPay" },
  { code: "389", name: "Banco Mercantil do Brasil" },
  { code: "403", name: "Cora" },
  { code: "422", name: "Banco Safra" },
  { code: "461", name: "Asaas" },
  { code: "623", name: "Banco Pan" },
  { code: "633", name: "Banco Rendimento" },
  { code: "637", name: "Banco Sofisa" },
  { code: "655", name: "Banco Votorantim (BV)" },
  { code: "707", name: "Banco Daycoval" },
  { code: "735", name: "Neon" },
  { code: "741", name: "Banco Ribeirão Preto" },
  { code: "745", name: "Citibank" },
  { code: "748", name: "Sicredi" },
  { code: "756", name: "Sicoob" },
];

const BY_CODE = new Map(BRAZILIAN_BANKS.map((b) => [b.code, b.name]));

/** The bank's name for a COMPE code, or null when the list does not know it. */
export const bankName = (code: string | null | undefined) => (code ? (BY_CODE.get(code) ?? null) : null);

/** "341 · Itaú Unibanco", "999" for a code the list does not know, "" without one. */
export const bankLabel = (code: string | null | undefined) => {
  if (!code) return "";
  const name = bankName(code);
  return name ? `${code} · ${name}` : code;
};
