/** Schema pieces shared by the auth routes (password login, SSO login). */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
/** Longest e-mail address (RFC 5321 path limit). */
export const EMAIL_MAX_LENGTH = 254;
/** Login bodies are small: anything larger is refused before it is parsed. */
export const LOGIN_BODY_LIMIT = 8 * 1024;
