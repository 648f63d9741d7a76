// Contract templates (contracts.templates.*): /contratos/modelos list and form, the editor, the preview. Spread into ../pt.ts.
const templatesPt = {
  templates: {
    title: "Modelos de contrato",
  },
};

export default templatesPt;
export type ContractTemplatesTranslation = typeof templatesPt;
