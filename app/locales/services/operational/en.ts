import type { OperationalTranslation } from "~/locales/services/operational/pt";

const operationalEn = {
  operational: {
    title: "Operational view",
  },
} satisfies OperationalTranslation;

export default operationalEn;
