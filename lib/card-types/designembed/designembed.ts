import { defineCardType } from "../card-type";

/** The title is an https page shown in a sandboxed frame (a design tool's embed link). */
export const designEmbedCardType = defineCardType({
  name: "designembed",
  label: "Design embed",
  spokenName: "design embed",
  url: { httpsOnly: true },
  fillsCard: true,
});
