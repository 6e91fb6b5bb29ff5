/** How many webhooks a user may add: the server and the Integrations tab read it. */
export const MAX_WEBHOOKS_PER_USER = 20;
