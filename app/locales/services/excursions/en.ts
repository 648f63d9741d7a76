import type { ExcursionsTranslation } from "~/locales/services/excursions/pt";

const excursionsEn = {
  excursions: {
    title: "Excursions",
  },
} satisfies ExcursionsTranslation;

export default excursionsEn;
