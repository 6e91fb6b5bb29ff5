import { handleAuthorizationRequest, handleConsentDecision } from "@/lib/oauth/handle-authorization-request";

/** The authorization endpoint: GET checks the request and goes on to consent; POST is the consent's decision. */
export const GET = handleAuthorizationRequest;
export const POST = handleConsentDecision;
