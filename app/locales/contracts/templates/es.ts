import type { ContractTemplatesTranslation } from "~/locales/contracts/templates/pt";

const templatesEs = {
  templates: {
    title: "Modelos de contrato",
  },
} satisfies ContractTemplatesTranslation;

export default templatesEs;
