import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { buttonClassName } from "@/components/ui/button";
import { getPagePrincipal } from "@/lib/auth/get-page-principal";
import { checkAuthorizationRequest } from "@/lib/oauth/authorization-request";
import { consentToken } from "@/lib/oauth/consent-token";
import { OAUTH_PATHS } from "@/lib/oauth/oauth-config";
import { describeConsent } from "@/lib/oauth/describe-consent";
import { pageBaseUrl, pageRequest } from "@/lib/oauth/page-base-url";
import { clientRegistrationBudget } from "@/lib/oauth/client-registration-budget";
import { ApiError } from "@/lib/errors/api-error";

export const metadata: Metadata = { title: "Connect an app" };

type SearchParams = Record<string, string | string[] | undefined>;

/**
 * The consent page of the authorization endpoint (lib/oauth/handle-authorization-request.ts sends
 * valid requests here): who asks, where you will be sent back, as whom, and what each scope
 * allows; Allow or Deny posts back to the authorization endpoint with this request's token.
 */
export default async function ConsentPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const query = toQuery(await searchParams);
  const principal = await getPagePrincipal();
  if (!principal) redirect(`/sign-in?next=${encodeURIComponent(`${OAUTH_PATHS.consent}?${query}`)}`);

  const check = await checkAuthorizationRequest(new URLSearchParams(query), await pageBaseUrl(), clientRegistrationBudget(await pageRequest())).catch(
    (error: unknown) => {
      if (error instanceof ApiError && error.code === "RATE_LIMITED")
        return { ok: false as const, error: null, message: "Too many new apps were connected from your address. Try again later." };
      throw error;
    },
  );
  // Never a redirect to the app before you have seen this page (lib/oauth/authorization-request.ts).
  if (!check.ok) {
    return (
      <>
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">This app cannot be connected</h1>
        <div className="mt-5">
          <Alert>{check.error ? `${check.message} (${check.error})` : check.message}</Alert>
        </div>
      </>
    );
  }
  const consent = describeConsent(check.request);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">
        Connect <span className="break-words">{consent.appName}</span>?
      </h1>
      <p className="mt-2 text-sm text-slate-600">
        {consent.verifiedBy ? (
          <>Its details come from {consent.verifiedBy}.</>
        ) : (
          <>
            <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">Unverified</span> This app registered itself; its name is
            what it says it is. Connect it only if you started this from an app you trust.
          </>
        )}
      </p>
      <dl className="mt-5 space-y-3 text-sm">
        <div>
          <dt className="font-medium text-slate-900">Signed in as</dt>
          <dd className="break-words text-slate-700">{principal.email}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">You will be sent back to</dt>
          <dd className="break-words text-slate-700">{consent.redirectHost}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-900">It will be able to</dt>
          <dd>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-slate-700">
              {consent.abilities.map((ability) => (
                <li key={ability}>{ability}</li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <p className="mt-4 text-xs text-slate-500">
        It acts as you, within these limits, until you revoke it in Settings › Integrations. It can never make a snap public or change who it is shared with,
        set up webhooks, or manage your API keys, connected apps, account or workspace members.
      </p>
      <form method="post" action={OAUTH_PATHS.authorize} className="mt-6 flex gap-3">
        <input type="hidden" name="request" value={query} />
        <input type="hidden" name="consent_token" value={consentToken(principal.userId, principal.sessionEpoch ?? 0, query)} />
        <button type="submit" name="decision" value="deny" className={buttonClassName("secondary", "md", "flex-1")}>
          Deny
        </button>
        <button type="submit" name="decision" value="allow" className={buttonClassName("primary", "md", "flex-1")}>
          Allow
        </button>
      </form>
    </>
  );
}

/** The request's parameters as one query string, in the order they came (first value of each). */
function toQuery(params: SearchParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const item of Array.isArray(value) ? value : value === undefined ? [] : [value]) query.append(name, item);
  }
  return query.toString();
}
