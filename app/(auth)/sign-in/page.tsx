import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { SingleSignOnButton } from "@/components/auth/single-sign-on-button";
import { Alert } from "@/components/ui/alert";
import { getPagePrincipal } from "@/lib/auth/get-page-principal";
import { safeNextPath } from "@/lib/auth/safe-next-path";
import { OIDC_PROVIDER_ID, oidcConfig, passwordSignInEnabled } from "@/lib/auth/oidc/oidc-config";
import { SIGN_IN_ERROR_MESSAGES } from "@/lib/auth/oidc/sign-in-errors";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { error, next: requestedNext } = await searchParams;
  // Where to go after signing in: a path of this app only (the OAuth consent page sends people here).
  const next = safeNextPath(requestedNext);
  if (await getPagePrincipal()) redirect(next);
  // A password sign-in's refusal is shown by the form itself; this is for redirects back from single sign-on.
  const message = typeof error === "string" && error !== "CredentialsSignin" ? (SIGN_IN_ERROR_MESSAGES[error] ?? "Sign-in did not complete. Try again.") : null;
  const oidc = oidcConfig();
  const password = passwordSignInEnabled();
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Welcome back</h1>
      <p className="mt-1.5 mb-6 text-sm text-slate-600">Sign in to your boards.</p>
      {message && (
        <div className="mb-5">
          <Alert>{message}</Alert>
        </div>
      )}
      {oidc && <SingleSignOnButton providerId={OIDC_PROVIDER_ID} label={oidc.name} next={next} />}
      {oidc && password && (
        <div className="my-5 flex items-center gap-3 text-xs font-medium text-slate-500" aria-hidden="true">
          <span className="h-px flex-1 bg-slate-200" />
          or
          <span className="h-px flex-1 bg-slate-200" />
        </div>
      )}
      {password && <SignInForm next={next} />}
      {!oidc && !password && <Alert>No way to sign in is configured. Ask the admin of this server.</Alert>}
    </>
  );
}
