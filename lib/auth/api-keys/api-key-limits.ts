/** How many active keys a user may hold (docs/API.md, "API keys"): the server and the Integrations tab read it. */
export const MAX_ACTIVE_API_KEYS = 10;
