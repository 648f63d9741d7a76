// Sales (sales.*): what every sales screen shares — statuses, payment methods, the
// titles a sale writes, the plan and totals labels. Each screen's own texts are in
// a sub-file (emissivo/, excursions/, report/, overview/) spread in below. Spread
// into ../pt.ts; en and es must have exactly these keys (`satisfies SalesTranslation`).
import report from "~/locales/sales/report/pt";
import overview from "~/locales/sales/overview/pt";
import emissivo from "~/locales/sales/emissivo/pt";
import excursions from "~/locales/sales/excursions/pt";

const salesPt = {
  sales: {
    ...report,
    ...overview,
    ...emissivo,
    ...excursions,
    title: {
      receivable: "Venda nº {{sale}} — parcela {{n}}/{{count}}",
      payable: "Venda nº {{sale}} — fornecedor, parcela {{n}}/{{count}}",
      refund: "Venda nº {{sale}} — reembolso ao cliente",
    },
    status: {
      draft: "Rascunho",
      confirmed: "Confirmada",
      cancelled: "Cancelada",
    },
    kind: {
      emissivo: "Emissivo",
      excursion: "Excursão",
    },
    method: {
      pix: "Pix",
      boleto: "Boleto",
      credit_card: "Cartão de crédito",
      debit_card: "Cartão de débito",
      bank_transfer: "Transferência bancária",
      cash: "Dinheiro",
      payment_link: "Link de pagamento",
      other: "Outro",
    },
    common: {
      number: "Nº",
      numberOf: "Venda nº {{number}}",
      client: "Cliente",
      seller: "Vendedor",
      saleDate: "Data da venda",
      status: "Situação",
      currency: "Moeda",
      passengers: "Passageiros",
      notes: "Observações",
      cost: "Custo",
      price: "Preço",
      discount: "Desconto",
      fees: "Taxas",
      total: "Total ao cliente",
      margin: "Margem",
      marginPercent: "Margem %",
      plan: "Plano de pagamento",
      paymentTerm: "Prazo de pagamento",
      paymentMethod: "Forma de pagamento",
      downPayment: "Entrada",
      firstDueDate: "Primeiro vencimento",
      aVista: "À vista",
      titles: "Títulos no financeiro",
      receivables: "A receber",
      payables: "A pagar",
      timeline: "Linha do tempo",
      confirm: "Confirmar venda",
      cancel: "Cancelar venda",
      cancelReason: "Motivo do cancelamento",
      confirmedAt: "Confirmada em {{date}}",
      editedSale: "Venda nº {{number}} alterada",
      cancelledAt: "Cancelada em {{date}}: {{reason}}",
    },
    errors: {
      stale: "Esta venda foi alterada por outra pessoa. Recarregue a página e tente de novo.",
      notAllowed: "Esta mudança de situação não é possível.",
      noItems: "Inclua ao menos um item (ou passageiro) antes de confirmar.",
      holdsLapsed: "A reserva de uma poltrona expirou. Escolha a poltrona de novo antes de confirmar.",
      discountNeedsAdmin: "Um desconto acima do limite da agência ({{limit}}) precisa de um Administrador.",
      reasonRequired: "Informe o motivo (ao menos 3 caracteres).",
      notDraft: "Só um rascunho pode ser excluído; uma venda confirmada é cancelada.",
      agent: "Escolha um vendedor ativo da agência.",
      ownAgent: "Um agente vende apenas como ele mesmo.",
      category: "O plano de contas não tem a categoria de vendas ({{key}}). Restaure-a em Financeiro → Plano de contas.",
      rate: "Não há cotação de {{key}} para a data da venda (nem nos 7 dias anteriores): cadastre-a em Câmbio.",
      term: "Escolha um prazo de pagamento ativo.",
      notCents: "Valor inválido.",
      negativeAmount: "Os valores não podem ser negativos.",
      mixedCurrencies: "Todos os itens devem estar na moeda da venda.",
      discountAbovePrice: "O desconto não pode passar do preço.",
      tooLarge: "Valor alto demais.",
      invalidDay: "Data inválida.",
      downPaymentInvalid: "A entrada deve estar entre zero e o total ao cliente.",
      costWithoutSupplier: "Um item com custo precisa de um fornecedor.",
      settledExceedsTotal: "Já foi pago {{settled}} e o novo total seria {{total}}: reduza menos, ou cancele a venda.",
    },
  },
};

export default salesPt;
export type SalesTranslation = typeof salesPt;
