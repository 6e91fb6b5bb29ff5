/**
 * Patterns both the API's schemas and the browser check, without zod (the board's bundle has none).
 * Colors are hex #rgb, #rrggbb, #rrggbbaa (docs/API.md, "Bounds").
 */
export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
