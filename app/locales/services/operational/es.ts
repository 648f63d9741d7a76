import type { OperationalTranslation } from "~/locales/services/operational/pt";

const operationalEs = {
  operational: {
    title: "Vista operativa",
  },
} satisfies OperationalTranslation;

export default operationalEs;
