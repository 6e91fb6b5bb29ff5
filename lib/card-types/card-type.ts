import type { Box, PictureText } from "@/lib/board-look/svg-text";

/** The card fields a type's picture reads. */
export interface PictureCard extends PictureText {
  title: string;
  note: string;
  completed: boolean;
}

/** Where and how a type draws its content in the SVG/PNG export: inside the card's padding. */
export interface PictureContext {
  card: PictureCard;
  area: Box;
  fontSize: number;
  lineHeight: number;
  /** The card's text colour (its own for a coloured card, else the theme's). */
  color: string;
  /** The colour of a link on this card. */
  linkColor: string;
}

/**
 * One card type: everything about it but its React view, which sits beside it in the same folder
 * (`<name>/<name>-view.tsx`). Plain data and pure functions, so the server (validation, the
 * export's picture) reads it as the browser does (docs/ARCHITECTURE.md, "Card types").
 */
export interface CardType<Name extends string = string> {
  /** The card's cellType: a lowercase identifier. */
  name: Name;
  /** Its name in the inspector's Type menu. */
  label: string;
  /** Said after the card's text in its accessible name, "(to-do, done)"; null for plain text. */
  spokenName: string | null;
  /** Said after spokenName: the card's state (a to-do's done or not done). */
  spokenState?: (card: { completed: boolean }) => string;
  /**
   * The card's title is a URL: only absolute http(s) URLs (https only when httpsOnly) ever reach
   * an href, src or frame; anything else shows as text. null: the title is text.
   */
  url: { httpsOnly: boolean } | null;
  /** The content fills the card edge to edge (an image, a frame): no note marker; a placeholder in pictures. */
  fillsCard: boolean;
  /** Its content in the export's picture; without one, the title as text. */
  drawPicture?: (context: PictureContext) => string;
}

/** Keeps a type's name literal, so the registry's names form the CardTypeName union. */
export function defineCardType<const Name extends string>(type: CardType<Name>): CardType<Name> {
  return type;
}
