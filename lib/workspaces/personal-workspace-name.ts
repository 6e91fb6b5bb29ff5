/** The name sign-up gives a personal workspace: "Ada's workspace", or the email's local part's. */
export function personalWorkspaceName(user: { email: string; name: string | null }): string {
  return `${user.name || user.email.split("@")[0]}'s workspace`;
}
