import { z } from "zod";

/**
 * zod, for the shared modules whose schemas also run in browsers. The site's
 * Content-Security-Policy forbids eval there, so zod's compiled fast path would be
 * refused, and even zod's probe for eval is reported as a violation. zod decides
 * when it builds each schema, so this runs before any shared schema is built.
 * Servers keep the compiled fast path.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
