/**
 * When a page that has not painted yet starts anyway (ms after its navigation started). A page
 * still waiting then is on a slow link (or a slow device): its paint waits for bytes already on
 * their way, and a request made now delivers its first byte a round trip later, about when
 * they have arrived; asked for at the paint, the app's code pays that round trip after it. A
 * page on a good link has painted long before this, and starts at its paint as before, so
 * nothing competes with what it paints (docs/decisions/0010).
 */
export const SLOW_LINK_START_MS = 1000;
