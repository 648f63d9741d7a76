import type { ExcursionsTranslation } from "~/locales/services/excursions/pt";

const excursionsEs = {
  excursions: {
    title: "Excursiones",
  },
} satisfies ExcursionsTranslation;

export default excursionsEs;
