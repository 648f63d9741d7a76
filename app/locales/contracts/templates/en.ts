import type { ContractTemplatesTranslation } from "~/locales/contracts/templates/pt";

const templatesEn = {
  templates: {
    title: "Contract templates",
  },
} satisfies ContractTemplatesTranslation;

export default templatesEn;
