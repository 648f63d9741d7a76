// Excursions: list, form, status, clone (services.excursions.*). Spread into ../pt.ts's `services`;
// en and es must have exactly these keys (`satisfies ExcursionsTranslation`).
const excursionsPt = {
  excursions: {
    title: "Excursões",
  },
};

export default excursionsPt;
export type ExcursionsTranslation = typeof excursionsPt;
