/** Limits shared by the auth routes (password login, SSO login); their schemas are in common/schemas/auth.ts. */
/** Login bodies are small: anything larger is refused before it is parsed. */
export const LOGIN_BODY_LIMIT = 8 * 1024;
