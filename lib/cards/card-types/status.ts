import { defineCardType } from "./card-type";

/** A colored chip: the tone follows the words (done, blocked, in progress…). */
export const statusCardType = defineCardType({ name: "status", label: "Status", spokenName: "status", url: null, fillsCard: false });
