/**
 * The finance defaults every agency starts with (issue #13; DOMAIN.md
 * "Finance"): a travel agency's chart of accounts, the account types and a few
 * payment terms. Names are stored in Portuguese and shown as stored (the agency
 * edits them). Dependency-free: the demo seed imports this file under plain
 * node, so no `~/` value imports here.
 *
 * Chart codes are dotted ("1", "1.1", "1.1.01") and ordered by code; a child has
 * its parent's nature. Postings (titles, entries) go on the leaves; code finds an
 * account by meaning through `systemKey` (e.g. "expense.card_fees"), never by
 * code or name, which the agency may change.
 */

export type DefaultChartAccount = {
  code: string;
  name: string;
  nature: "revenue" | "deduction" | "cost" | "expense" | "asset" | "liability" | "equity";
  /** The parent's code; null at the root. */
  parentCode: string | null;
  systemKey: string;
};

type Nature = DefaultChartAccount["nature"];
const group = (code: string, name: string, nature: Nature, systemKey: string, children: [string, string, string][]) => [
  { code, name, nature, parentCode: code.includes(".") ? code.slice(0, code.lastIndexOf(".")) : null, systemKey },
  ...children.map(([childCode, childName, key]) => ({ code: `${code}.${childCode}`, name: childName, nature, parentCode: code, systemKey: key })),
];

export const DEFAULT_CHART: readonly DefaultChartAccount[] = [
  ...group("1", "Receitas", "revenue", "revenue", []),
  ...group("1.1", "Receitas de vendas", "revenue", "revenue.sales", [
    ["01", "Pacotes turísticos", "revenue.packages"],
    ["02", "Passagens aéreas", "revenue.air"],
    ["03", "Hospedagem", "revenue.hotel"],
    ["04", "Seguro viagem", "revenue.insurance"],
    ["05", "Comissões recebidas", "revenue.commissions"],
    ["06", "Outros serviços turísticos", "revenue.other_services"],
  ]),
  ...group("1.2", "Receitas financeiras", "revenue", "revenue.financial", [
    ["01", "Juros e multas recebidos", "revenue.interest"],
    ["02", "Rendimentos de aplicações", "revenue.investments"],
  ]),
  ...group("2", "Deduções da receita", "deduction", "deduction", []),
  ...group("2.1", "Impostos sobre vendas (ISS/PIS/COFINS)", "deduction", "deduction.taxes", [
    ["01", "ISS", "deduction.iss"],
    ["02", "PIS", "deduction.pis"],
    ["03", "COFINS", "deduction.cofins"],
  ]),
  ...group("2.2", "Devoluções e cancelamentos", "deduction", "deduction.refunds", []),
  ...group("3", "Custos dos serviços vendidos", "cost", "cost", []),
  ...group("3.1", "Fornecedores", "cost", "cost.suppliers", [
    ["01", "Operadoras e pacotes", "cost.packages"],
    ["02", "Companhias aéreas", "cost.air"],
    ["03", "Hotéis e hospedagem", "cost.hotel"],
    ["04", "Seguradoras", "cost.insurance"],
    ["05", "Transporte e receptivo", "cost.transport"],
  ]),
  ...group("3.2", "Comissões pagas a agentes", "cost", "cost.agent_commissions", []),
  ...group("4", "Despesas operacionais", "expense", "expense", []),
  ...group("4.1", "Despesas com pessoal", "expense", "expense.personnel", [
    ["01", "Salários e encargos", "expense.payroll"],
    ["02", "Benefícios", "expense.benefits"],
  ]),
  ...group("4.2", "Despesas administrativas", "expense", "expense.administrative", [
    ["01", "Aluguel e condomínio", "expense.rent"],
    ["02", "Sistemas e software", "expense.software"],
    ["03", "Marketing e publicidade", "expense.marketing"],
    ["04", "Telefone e internet", "expense.telecom"],
    ["05", "Contabilidade", "expense.accounting"],
  ]),
  ...group("4.3", "Despesas financeiras", "expense", "expense.financial", [
    ["01", "Taxas de cartão", "expense.card_fees"],
    ["02", "Taxas de intermediadores", "expense.gateway_fees"],
    ["03", "Tarifas bancárias", "expense.bank_fees"],
    ["04", "Descontos concedidos", "expense.discounts"],
    ["05", "Juros e multas pagos", "expense.interest"],
  ]),
  ...group("5", "Ativo", "asset", "asset", [
    ["01", "Adiantamentos a fornecedores", "asset.supplier_advances"],
    ["02", "Aplicações financeiras", "asset.investments"],
  ]),
  ...group("6", "Passivo", "liability", "liability", [
    ["01", "Adiantamentos de clientes", "liability.client_advances"],
    ["02", "Empréstimos e financiamentos", "liability.loans"],
    ["03", "Impostos a recolher", "liability.taxes_payable"],
  ]),
  ...group("7", "Patrimônio líquido", "equity", "equity", [
    ["01", "Capital social", "equity.capital"],
    ["02", "Distribuição de lucros", "equity.distributions"],
  ]),
];

export type DefaultAccountType = { name: string; kind: "checking" | "savings" | "cash" | "card" | "wallet"; systemKey: string };

export const DEFAULT_ACCOUNT_TYPES: readonly DefaultAccountType[] = [
  { name: "Conta corrente", kind: "checking", systemKey: "checking" },
  { name: "Poupança", kind: "savings", systemKey: "savings" },
  { name: "Caixa", kind: "cash", systemKey: "cash" },
  { name: "Cartão de crédito", kind: "card", systemKey: "card" },
  { name: "Carteira digital", kind: "wallet", systemKey: "wallet" },
];

export type DefaultPaymentTerm = {
  name: string;
  systemKey: string;
  downPaymentBp: number;
  installments: number;
  firstDueDays: number;
  intervalKind: "days" | "day_of_month";
  intervalDays: number;
  dayOfMonth: number | null;
};

export const DEFAULT_PAYMENT_TERMS: readonly DefaultPaymentTerm[] = [
  { name: "À vista", systemKey: "cash", downPaymentBp: 0, installments: 1, firstDueDays: 0, intervalKind: "days", intervalDays: 30, dayOfMonth: null },
  { name: "30/60/90", systemKey: "30_60_90", downPaymentBp: 0, installments: 3, firstDueDays: 30, intervalKind: "days", intervalDays: 30, dayOfMonth: null },
  { name: "Entrada + 3×", systemKey: "down_plus_3", downPaymentBp: 2500, installments: 3, firstDueDays: 30, intervalKind: "days", intervalDays: 30, dayOfMonth: null },
];

/** Where a chart account sits in the DRE: the natures the income statement reads, in its order. */
export const DRE_NATURES = ["revenue", "deduction", "cost", "expense"] as const;
