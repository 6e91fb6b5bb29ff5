import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { Alert } from "@/components/ui/alert";
import { getPagePrincipal } from "@/lib/auth/get-page-principal";
import { passwordSignUpEnabled } from "@/lib/auth/oidc/oidc-config";
import { safeNextPath } from "@/lib/auth/safe-next-path";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  // Where to go once signed up: a path of this app only (an invitation email's link sends people here).
  const next = safeNextPath((await searchParams).next);
  if (await getPagePrincipal()) redirect(next);
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Create your account</h1>
      <p className="mt-1.5 mb-6 text-sm text-slate-600">Start building boards in seconds. A personal workspace is set up for you.</p>
      {passwordSignUpEnabled() ? (
        <SignUpForm next={next} />
      ) : (
        <Alert tone="warning">
          Sign-up with a password is turned off on this server.{" "}
          <Link href={next === "/" ? "/sign-in" : `/sign-in?next=${encodeURIComponent(next)}`} className="font-semibold underline">
            Sign in
          </Link>{" "}
          with single sign-on instead.
        </Alert>
      )}
    </>
  );
}
