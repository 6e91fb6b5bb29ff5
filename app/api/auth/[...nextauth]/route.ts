import { handleAuthRequest } from "@/lib/auth/next-auth";
import { withErrors } from "@/lib/http/route";

// In the request frame like every /api route: a request id and one access-log line per request.
export const GET = withErrors((request) => handleAuthRequest(request));
export const POST = withErrors((request) => handleAuthRequest(request));
