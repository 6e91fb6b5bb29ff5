/** A notification's excerpt of its comment: its first characters, mentions written @Name. */
export const EXCERPT_LENGTH = 200;
