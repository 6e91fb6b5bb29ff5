import { corsPreflight } from "@/lib/oauth/cors";
import { handleRegistrationRequest } from "@/lib/oauth/handle-registration-request";
import { oauthEndpoint } from "@/lib/oauth/oauth-response";

/** Dynamic client registration (RFC 7591). */
export const POST = oauthEndpoint((request) => handleRegistrationRequest(request));
export const OPTIONS = corsPreflight;
