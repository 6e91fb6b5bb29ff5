import { defineCardType } from "./card-type";

/** Text with a checkbox: `completed` is its state. */
export const todoCardType = defineCardType({
  name: "todo",
  label: "To-do",
  spokenName: "to-do",
  spokenState: (card) => (card.completed ? ", done" : ", not done"),
  url: null,
  fillsCard: false,
});
