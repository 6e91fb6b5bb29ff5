/** One function per operation of the API, generated from its OpenAPI document: pass `client: snapBoard.api`. */
export * from "./generated/sdk.gen.js";
export type * from "./generated/types.gen.js";
