// The limits of a machine translation draft, apart from the provider so that the admin's browser
// bundle can check a text before sending it (without the server's modules).

/** The longest text one draft request takes (a longer one is refused with the field code too_long). */
export const TRANSLATE_MAX_CHARS = 20_000;
