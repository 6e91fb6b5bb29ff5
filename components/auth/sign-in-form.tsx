"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { signIn } from "next-auth/react";
import { useRef, useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";

interface FieldErrors {
  email?: string;
  password?: string;
}

/** `next`: the app path to open once signed in (checked by the page: lib/auth/safe-next-path.ts). */
export function SignInForm({ next = "/" }: { next?: string }) {
  const router = useRouter();
  const formRef = useRef<HTMLFormElement>(null);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    setFormError(null);

    const missing: FieldErrors = {};
    if (!email) missing.email = "Enter your email address";
    if (!password) missing.password = "Enter your password";
    setFieldErrors(missing);
    if (missing.email || missing.password) {
      formRef.current?.querySelector<HTMLInputElement>(`[name="${missing.email ? "email" : "password"}"]`)?.focus();
      return;
    }

    setPending(true);
    const result = await signIn("credentials", { email, password, redirect: false }).catch(() => null);
    if (result === null) {
      setFormError("Could not reach the server. Check your connection and try again.");
      setPending(false);
      return;
    }
    if (result?.code === "rate_limited") {
      // Auth.js's code for a throttled sign-in (lib/auth/authorize-sign-in.ts): the password was not even checked.
      setFormError("Too many sign-in attempts. Wait a few minutes, then try again.");
      setPending(false);
      return;
    }
    if (!result?.ok || result.error) {
      // One message for both cases, so the form does not reveal which emails have accounts.
      setFormError("Wrong email or password");
      setPending(false);
      return;
    }
    if (next !== "/") {
      // A full load, not a client-side navigation: the next page (the OAuth consent) brings its own
      // Content-Security-Policy, whose form-action allows the app it sends you back to.
      window.location.assign(next);
      return;
    }
    router.replace("/");
    router.refresh();
  }

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit} className="space-y-5">
      {formError && <Alert>{formError}</Alert>}
      <TextField label="Email" name="email" type="email" autoComplete="email" required error={fieldErrors.email} />
      <TextField label="Password" name="password" type="password" autoComplete="current-password" required error={fieldErrors.password} />
      <Button type="submit" pending={pending} className="w-full">
        {pending ? "Signing in…" : "Sign in"}
      </Button>
      <p className="text-center text-sm text-slate-600">
        New to Snap Board?{" "}
        <Link href="/sign-up" className="font-semibold text-indigo-600 hover:text-indigo-500">
          Create an account
        </Link>
      </p>
    </form>
  );
}
