import { textBlock } from "@/lib/board-look/svg-text";
import { defineCardType } from "../card-type";

/** host + path (+ query), for showing a link compactly; anything not an http(s) URL as it is. */
export function displayUrl(href: string): string {
  try {
    const url = new URL(href);
    if (url.protocol !== "http:" && url.protocol !== "https:") return href;
    return `${url.host}${url.pathname === "/" ? "" : url.pathname}${url.search}`;
  } catch {
    return href;
  }
}

/** The title is a web address, opened in a new tab. */
export const linkCardType = defineCardType({
  name: "link",
  label: "Link",
  spokenName: "link",
  url: { httpsOnly: false },
  fillsCard: false,
  drawPicture: ({ card, area, fontSize, lineHeight, linkColor }) =>
    textBlock(displayUrl(card.title), card, area, fontSize, lineHeight, linkColor, { underline: true }),
});
