import { defineCardType } from "../card-type";

/** Text; also how a card of an unknown type is shown. */
export const normalCardType = defineCardType({ name: "normal", label: "Text", spokenName: null, url: null, fillsCard: false });
