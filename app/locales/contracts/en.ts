import type { ContractsTranslation } from "~/locales/contracts/pt";
import templates from "~/locales/contracts/templates/en";

const contractsEn = {
  contracts: {
    ...templates,
    fields: {
      groups: {
        agency: "Agency",
        client: "Client",
        sale: "Sale",
        passengers: "Passengers",
        items: "Items",
        excursion: "Excursion",
        boarding: "Boarding",
        payment: "Payment",
        totals: "Totals",
        contract: "Contract",
      },
      agency: {
        name: "Agency name",
        legalName: "Legal name",
        cnpj: "Agency CNPJ",
        cadastur: "CADASTUR",
        address: "Agency address",
        phone: "Agency phone",
        email: "Agency e-mail",
        website: "Agency website",
      },
      client: {
        name: "Client name",
        document: "Client CPF/CNPJ",
        birthDate: "Date of birth",
        email: "Client e-mail",
        phone: "Client phone",
        address: "Client address",
      },
      sale: {
        number: "Sale number",
        date: "Sale date",
        kind: "Kind of sale",
        seller: "Seller",
        notes: "Sale notes",
      },
      passengers: {
        list: "Passenger list",
        count: "Number of passengers",
      },
      items: {
        list: "Item list",
      },
      excursion: {
        title: "Excursion",
        destination: "Destination",
        departure: "Departure",
        return: "Return",
        seats: "Seats",
      },
      boarding: {
        points: "Boarding points and times",
      },
      payment: {
        plan: "Payment plan (installments)",
        method: "Payment method",
        term: "Payment term",
        downPayment: "Down payment",
      },
      totals: {
        price: "Price of services",
        discount: "Discount",
        fees: "Fees",
        total: "Total to pay",
      },
      contract: {
        number: "Contract number",
        today: "Today's date",
        city: "Agency city",
      },
    },
  },
} satisfies ContractsTranslation;

export default contractsEn;
