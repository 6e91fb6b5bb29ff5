import { defineCardType } from "./card-type";

/** The title is a web address, opened in a new tab. */
export const linkCardType = defineCardType({ name: "link", label: "Link", spokenName: "link", url: { httpsOnly: false }, fillsCard: false });
