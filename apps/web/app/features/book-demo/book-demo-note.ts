/** The /book-demo query parameter whose text the scheduling frame passes on as a note. */
export const bookDemoNoteParam = "note";

/**
 * The address of /book-demo with a note for the booking: the frame's builder
 * (scheduling-frame.ts) cleans and caps it before it reaches the scheduling page.
 */
export function bookDemoPathWithNote(note: string): string {
  const query = new URLSearchParams({ [bookDemoNoteParam]: note });
  return `/book-demo?${query}`;
}
