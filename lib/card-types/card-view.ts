import type { ComponentType, ReactNode } from "react";

/** The card fields a view reads (the board's cards have them all). */
export interface ViewedCard {
  id: string;
  title: string;
  note: string;
  completed: boolean;
  color: string;
  cellOpacity: number;
}

export interface CardContentProps {
  card: ViewedCard;
  editable: boolean;
  /** Embeds take pointer input only when selected, so a click elsewhere on them selects the card. */
  selected: boolean;
  /**
   * For a type whose title is a URL: that URL, checked safe (absolute http(s), https only where the
   * type says). A view never puts the raw title in an href, src or frame.
   */
  url: string | null;
  onToggleTodo: (id: string) => void;
}

/** How one card type looks in the browser: beside its data, in its folder. */
export interface CardTypeView {
  /** What the card shows on the board. */
  Content: ComponentType<CardContentProps>;
  /** The inspector fields that depend on the type (the others are the same for every card). */
  inspector: {
    /** The note field's label (default "Note"). */
    noteLabel?: string;
    /** Shows the Completed checkbox. */
    completed?: boolean;
  };
  /** The dashboard tile's preview of the card: a tiny glyph before its text, and the text's color class. */
  preview: { glyph: ReactNode; textClass?: string };
}
