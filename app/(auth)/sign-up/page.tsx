import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { SignUpForm } from "@/components/auth/sign-up-form";
import { Alert } from "@/components/ui/alert";
import { getPagePrincipal } from "@/lib/auth/get-page-principal";
import { passwordSignUpEnabled } from "@/lib/auth/oidc/oidc-config";

export const metadata: Metadata = { title: "Create your account" };

export default async function SignUpPage() {
  if (await getPagePrincipal()) redirect("/");
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Create your account</h1>
      <p className="mt-1.5 mb-6 text-sm text-slate-600">Start building boards in seconds. A personal workspace is set up for you.</p>
      {passwordSignUpEnabled() ? (
        <SignUpForm />
      ) : (
        <Alert tone="warning">
          Sign-up with a password is turned off on this server.{" "}
          <Link href="/sign-in" className="font-semibold underline">
            Sign in
          </Link>{" "}
          with single sign-on instead.
        </Alert>
      )}
    </>
  );
}
