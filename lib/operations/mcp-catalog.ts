import type { Prompt, ResourceTemplateType } from "@modelcontextprotocol/server";
import { BOARD_ICONS, CARD_ICONS } from "./mcp-icons";

/**
 * What the MCP server offers besides tools, as data: served by lib/mcp and described by the
 * OpenAPI document (docs/API.md, "MCP"). Boards are `snap-board://snaps/{snapId}` (the export
 * document), `…/picture.png` (the board as a PNG) and `…/cards/{cardId}` (one card).
 */
export const BOARD_URI_PREFIX = "snap-board://snaps/";

export const BOARD_TEMPLATES: ResourceTemplateType[] = [
  {
    uriTemplate: `${BOARD_URI_PREFIX}{snapId}`,
    name: "board",
    title: "Board (JSON)",
    description: "A board as its export document: the format import_snap and POST /api/snaps/import read back.",
    mimeType: "application/json",
    icons: BOARD_ICONS,
  },
  {
    uriTemplate: `${BOARD_URI_PREFIX}{snapId}/picture.png`,
    name: "board-picture",
    title: "Board (PNG)",
    description: "A board drawn as it looks, at scale 1.",
    mimeType: "image/png",
    icons: BOARD_ICONS,
  },
  {
    uriTemplate: `${BOARD_URI_PREFIX}{snapId}/cards/{cardId}`,
    name: "card",
    title: "Card",
    description: "One card of a board, as get_snap answers it.",
    mimeType: "application/json",
    icons: CARD_ICONS,
  },
];

/** The prompts that help an agent start (docs/API.md, "MCP"). */
export const BOARD_PROMPTS: Prompt[] = [
  {
    name: "summarize_board",
    title: "Summarize a board",
    description: "A summary of one of your boards: what it is about, what is done and what is left.",
    arguments: [{ name: "snapId", description: "The board (completion offers your boards by title).", required: true }],
    icons: BOARD_ICONS,
  },
  {
    name: "table_to_board",
    title: "Turn a table into a board",
    description: "Makes a board from a table (CSV, Markdown or pasted from a spreadsheet): one card per cell.",
    arguments: [
      { name: "table", description: "The table's text, header row first.", required: true },
      { name: "title", description: "The new board's title; a title of one of your boards completes it.", required: false },
    ],
    icons: CARD_ICONS,
  },
];
