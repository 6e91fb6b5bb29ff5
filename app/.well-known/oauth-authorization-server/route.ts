import { corsPreflight } from "@/lib/oauth/cors";
import { oauthEndpoint, oauthJson } from "@/lib/oauth/oauth-response";
import { publicBaseUrl } from "@/lib/request/public-base-url";
import { authorizationServerMetadata } from "@/lib/oauth/server-metadata";

/** RFC 8414: the authorization server's metadata; the issuer is `{base}`. */
export const GET = oauthEndpoint(async (request) => oauthJson(authorizationServerMetadata(publicBaseUrl(request))));
export const OPTIONS = corsPreflight;
