/** A visit to /book-demo from an ad link that fills in the visitor's name and email. */
export const prefilledAdVisit = {
  path: "/book-demo?name=Ana%20Baker&email=ana%40example.com&utm_source=fb&utm_medium=cpc&utm_campaign=spring",
  /** What the scheduling frame's address must carry for it. */
  frameParams: {
    hide_event_type_details: "1",
    hide_gdpr_banner: "1",
    name: "Ana Baker",
    email: "ana@example.com",
    utm_source: "fb",
    utm_medium: "cpc",
    utm_campaign: "spring",
  },
};
