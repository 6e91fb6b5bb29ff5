import type { NextRequest } from "next/server";
import { handlers } from "@/lib/auth/next-auth";
import { withErrors } from "@/lib/http/route";

// In the request frame like every /api route: a request id and one access-log line per request.
export const GET = withErrors((request) => handlers.GET(request as NextRequest));
export const POST = withErrors((request) => handlers.POST(request as NextRequest));
