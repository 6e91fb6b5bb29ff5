import { corsPreflight } from "@/lib/oauth/cors";
import { oauthEndpoint, oauthJson } from "@/lib/oauth/oauth-response";
import { publicBaseUrl } from "@/lib/request/public-base-url";
import { protectedResourceMetadata } from "@/lib/oauth/server-metadata";

/** RFC 9728: the metadata of the resource `{base}/api` (all of the API, MCP included). */
export const GET = oauthEndpoint(async (request) => oauthJson(protectedResourceMetadata(publicBaseUrl(request), "/api")));
export const OPTIONS = corsPreflight;
