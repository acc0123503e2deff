/**
 * Locale keys the browser never needs: search data, the mails, the one-time link pages and the
 * certificates are rendered on the server only (scripts/build.ts leaves them out of every file it
 * writes for the browser).
 */
export const SERVER_ONLY_NS: readonly string[] = ['meta', 'newsletterPages', 'linkPages', 'certificate', 'donorMail', 'preview', 'privacyMail', 'privacyRequests', 'privacyErased'];
