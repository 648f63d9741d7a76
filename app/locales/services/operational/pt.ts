// An excursion's operational view and manifest (services.operational.*). Spread into ../pt.ts's `services`;
// en and es must have exactly these keys (`satisfies OperationalTranslation`).
const operationalPt = {
  operational: {
    title: "Visão operacional",
  },
};

export default operationalPt;
export type OperationalTranslation = typeof operationalPt;
