// How many of a thing one user may hold (docs/API.md, "Bounds"): the server refuses one more with
// 409, and the settings page shows the count against them. Plain numbers, so client code may import them.

/** Active (unrevoked) API keys. */
export const MAX_ACTIVE_API_KEYS = 10;

/** Webhook endpoints. */
export const MAX_WEBHOOKS_PER_USER = 20;
