import { defineCardType } from "../card-type";

/** The title is an image's address; the note is its alt text. */
export const imageCardType = defineCardType({ name: "image", label: "Image", spokenName: "image", url: { httpsOnly: false }, fillsCard: true });
