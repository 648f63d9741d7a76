// Contracts (contracts.*): merge fields, statuses, generation, signatures, the signing
// page, verification and the mails. The templates' screens are in ./templates/, spread
// in below. Spread into ../pt.ts; en and es must have exactly these keys.
import templates from "~/locales/contracts/templates/pt";

const contractsPt = {
  contracts: {
    ...templates,
    fields: {
      groups: {
        agency: "Agência",
        client: "Cliente",
        sale: "Venda",
        passengers: "Passageiros",
        items: "Itens",
        excursion: "Excursão",
        boarding: "Embarque",
        payment: "Pagamento",
        totals: "Totais",
        contract: "Contrato",
      },
      agency: {
        name: "Nome da agência",
        legalName: "Razão social",
        cnpj: "CNPJ da agência",
        cadastur: "CADASTUR",
        address: "Endereço da agência",
        phone: "Telefone da agência",
        email: "E-mail da agência",
        website: "Site da agência",
      },
      client: {
        name: "Nome do cliente",
        document: "CPF/CNPJ do cliente",
        birthDate: "Data de nascimento",
        email: "E-mail do cliente",
        phone: "Telefone do cliente",
        address: "Endereço do cliente",
      },
      sale: {
        number: "Número da venda",
        date: "Data da venda",
        kind: "Tipo de venda",
        seller: "Vendedor",
        notes: "Observações da venda",
      },
      passengers: {
        list: "Lista de passageiros",
        count: "Número de passageiros",
      },
      items: {
        list: "Lista de itens",
      },
      excursion: {
        title: "Excursão",
        destination: "Destino",
        departure: "Saída",
        return: "Retorno",
        seats: "Poltronas",
      },
      boarding: {
        points: "Locais e horários de embarque",
      },
      payment: {
        plan: "Plano de pagamento (parcelas)",
        method: "Forma de pagamento",
        term: "Prazo de pagamento",
        downPayment: "Entrada",
      },
      totals: {
        price: "Valor dos serviços",
        discount: "Desconto",
        fees: "Taxas",
        total: "Total a pagar",
      },
      contract: {
        number: "Número do contrato",
        today: "Data de hoje",
        city: "Cidade da agência",
      },
    },
  },
};

export default contractsPt;
export type ContractsTranslation = typeof contractsPt;
