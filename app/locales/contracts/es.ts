import type { ContractsTranslation } from "~/locales/contracts/pt";
import templates from "~/locales/contracts/templates/es";

const contractsEs = {
  contracts: {
    ...templates,
    fields: {
      groups: {
        agency: "Agencia",
        client: "Cliente",
        sale: "Venta",
        passengers: "Pasajeros",
        items: "Ítems",
        excursion: "Excursión",
        boarding: "Embarque",
        payment: "Pago",
        totals: "Totales",
        contract: "Contrato",
      },
      agency: {
        name: "Nombre de la agencia",
        legalName: "Razón social",
        cnpj: "CNPJ de la agencia",
        cadastur: "CADASTUR",
        address: "Dirección de la agencia",
        phone: "Teléfono de la agencia",
        email: "Correo de la agencia",
        website: "Sitio web de la agencia",
      },
      client: {
        name: "Nombre del cliente",
        document: "CPF/CNPJ del cliente",
        birthDate: "Fecha de nacimiento",
        email: "Correo del cliente",
        phone: "Teléfono del cliente",
        address: "Dirección del cliente",
      },
      sale: {
        number: "Número de venta",
        date: "Fecha de venta",
        kind: "Tipo de venta",
        seller: "Vendedor",
        notes: "Observaciones de la venta",
      },
      passengers: {
        list: "Lista de pasajeros",
        count: "Número de pasajeros",
      },
      items: {
        list: "Lista de ítems",
      },
      excursion: {
        title: "Excursión",
        destination: "Destino",
        departure: "Salida",
        return: "Regreso",
        seats: "Asientos",
      },
      boarding: {
        points: "Lugares y horarios de embarque",
      },
      payment: {
        plan: "Plan de pago (cuotas)",
        method: "Forma de pago",
        term: "Plazo de pago",
        downPayment: "Entrada",
      },
      totals: {
        price: "Valor de los servicios",
        discount: "Descuento",
        fees: "Tasas",
        total: "Total a pagar",
      },
      contract: {
        number: "Número de contrato",
        today: "Fecha de hoy",
        city: "Ciudad de la agencia",
      },
    },
  },
} satisfies ContractsTranslation;

export default contractsEs;
