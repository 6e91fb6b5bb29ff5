/** One person viewing a snap through one stream (`presence` events list them; the board shows them). */
export interface Viewer {
  userId: string;
  name: string;
  initials: string;
  connectionId: string;
  editingCardId: string | null;
}
