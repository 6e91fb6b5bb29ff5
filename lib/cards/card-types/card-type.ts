/**
 * What the server and every renderer know about one card type: plain data, no React, so lib code
 * (validation, exports) reads it as the browser does. How a type looks on the board lives beside
 * it in components/board/card-types/, keyed by the same name (docs/ARCHITECTURE.md, "Card types").
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
  /** The content fills the card edge to edge (an image, a frame): no note marker is drawn over it. */
  fillsCard: boolean;
}

/** Keeps a type's name literal, so the registry's names form the CardTypeName union. */
export function defineCardType<const Name extends string>(type: CardType<Name>): CardType<Name> {
  return type;
}
