import { px, textBlock } from "@/lib/board-look/svg-text";
import { defineCardType } from "../card-type";

/** The tick, on a 24-unit box: drawn by the view's icon and the picture alike. */
export const CHECK_PATH = "m5 12.5 4.5 4.5L19 7.5";
/** A done box's fill (indigo-600). */
export const CHECKED_FILL = "#4f46e5";

/** Text with a checkbox: `completed` is its state. */
export const todoCardType = defineCardType({
  name: "todo",
  label: "To-do",
  spokenName: "to-do",
  spokenState: (card) => (card.completed ? ", done" : ", not done"),
  url: null,
  fillsCard: false,
  drawPicture: ({ card, area, fontSize, lineHeight, color }) => {
    const size = Math.max(16, fontSize * 1.05);
    const boxY = area.y + Math.max(0, (lineHeight - size) / 2);
    const scale = size / 24;
    const check = card.completed
      ? `<rect x="${px(area.x)}" y="${px(boxY)}" width="${px(size)}" height="${px(size)}" rx="4" fill="${CHECKED_FILL}"/><path transform="translate(${px(area.x)} ${px(boxY)}) scale(${px(scale)})" d="${CHECK_PATH}" fill="none" stroke="#ffffff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>`
      : `<rect x="${px(area.x + 0.5)}" y="${px(boxY + 0.5)}" width="${px(size - 1)}" height="${px(size - 1)}" rx="4" fill="#ffffff" stroke="#94a3b8"/>`;
    const textArea = { ...area, x: area.x + size + 8, width: area.width - size - 8 };
    const todoCard = { ...card, verticalAlign: "top" as const, textAlign: "left" as const };
    return check + textBlock(card.title, todoCard, textArea, fontSize, lineHeight, color, { strike: card.completed, faded: card.completed });
  },
});
