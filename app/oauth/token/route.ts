import { corsPreflight } from "@/lib/oauth/cors";
import { handleTokenRequest } from "@/lib/oauth/handle-token-request";
import { oauthEndpoint } from "@/lib/oauth/oauth-response";

/** The token endpoint (RFC 6749 §3.2): form-encoded in, JSON out, never cached. */
export const POST = oauthEndpoint((request) => handleTokenRequest(request));
export const OPTIONS = corsPreflight;
