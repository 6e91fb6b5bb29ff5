const LOOPBACK_HOSTS = new Set(["127.0.0.1", "[::1]", "localhost"]);
const MAX_REDIRECT_URI_LENGTH = 2000;

/**
 * Why a redirect URI may not be registered, or null: https; http on a loopback host only (RFC
 * 8252 §7.3); or a private-use scheme (`com.example.app:/cb`, `cursor://…`, RFC 8252 §7.1). Never
 * a fragment, user info, or a scheme that runs code in the browser.
 */
export function redirectUriProblem(value: string): string | null {
  if (value.length > MAX_REDIRECT_URI_LENGTH) return `At most ${MAX_REDIRECT_URI_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "Not an absolute URI";
  }
  if (url.hash || value.includes("#")) return "A redirect URI must not have a fragment";
  if (url.username || url.password) return "A redirect URI must not carry a user name or password";
  const scheme = url.protocol.slice(0, -1);
  if (scheme === "https") return null;
  if (scheme === "http") return LOOPBACK_HOSTS.has(url.hostname) ? null : "http is allowed on a loopback host only (127.0.0.1, [::1], localhost); use https";
  if (FORBIDDEN_SCHEMES.has(scheme)) return `The scheme ${scheme}: is not allowed`;
  // A private-use scheme: something that names an app, not a web scheme.
  return /^[a-z][a-z0-9+.-]*$/.test(scheme) ? null : "Not a valid URI scheme";
}

const FORBIDDEN_SCHEMES = new Set(["javascript", "data", "vbscript", "file", "blob", "about", "ftp", "ws", "wss"]);

/**
 * Whether a redirect URI sent with a request is one of the client's: exactly, except that on a
 * loopback http URI any port matches (native apps pick a free port each time, RFC 8252 §7.3).
 */
export function matchesRegisteredRedirectUri(requested: string, registered: readonly string[]): boolean {
  if (registered.includes(requested)) return true;
  let url: URL;
  try {
    url = new URL(requested);
  } catch {
    return false;
  }
  if (url.protocol !== "http:" || !LOOPBACK_HOSTS.has(url.hostname)) return false;
  return registered.some((candidate) => {
    try {
      const other = new URL(candidate);
      return other.protocol === "http:" && other.hostname === url.hostname && other.pathname === url.pathname && other.search === url.search && !other.hash;
    } catch {
      return false;
    }
  });
}
