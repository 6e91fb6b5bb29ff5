import { corsPreflight } from "@/lib/oauth/cors";
import { handleRevocationRequest } from "@/lib/oauth/handle-revocation-request";
import { oauthEndpoint } from "@/lib/oauth/oauth-response";

/** Token revocation (RFC 7009). */
export const POST = oauthEndpoint((request) => handleRevocationRequest(request));
export const OPTIONS = corsPreflight;
