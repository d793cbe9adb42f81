import { ApiClient } from "./api-client.js";

/** A cookie jar by name, enough for one provider's interaction cookies. */
class Jar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair!.indexOf("=");
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

async function follow(url: string, jar: Jar, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: "manual",
    headers: { ...init.headers, cookie: jar.header() },
  });
  jar.take(response);
  return response;
}

/** Where the callback sent the browser, and the session cookie it set (if any). */
export interface SsoResult {
  /** The callback URL the provider sent the browser to (with its code and state). */
  callbackUrl: string;
  location: string;
  cookie: string | null;
  ssoError: string | null;
}

/** Asks Glossa to start SSO for `email`; returns the identity provider's authorization URL. */
export async function startSso(baseUrl: string, email: string): Promise<string> {
  const started = await new ApiClient(baseUrl).post("/api/sso/start", { email });
  if (started.status !== 200) throw new Error(`sso start: ${started.status} ${JSON.stringify(started.body)}`);
  return started.body.authorizationUrl as string;
}

/** Sends the provider's redirect back to Glossa's callback, as the browser would. */
export async function callback(url: string): Promise<SsoResult> {
  const response = await fetch(url, { redirect: "manual" });
  const location = response.headers.get("location") ?? "";
  const session = response.headers.getSetCookie().find((line) => line.startsWith("glossa_session="));
  return {
    callbackUrl: url,
    location,
    cookie: session ? session.split(";")[0]! : null,
    ssoError: new URL(location, url).searchParams.get("sso_error"),
  };
}

/**
 * The whole browser round trip with plain HTTP against oidc-provider's development login form:
 * Glossa → provider (log in as `login`, any password) → Glossa's callback.
 */
export async function signInThroughProvider(
  baseUrl: string,
  email: string,
  login: string,
  /** Where the browser lands back (another instance behind the same public URL); default: `baseUrl`. */
  callbackBase = baseUrl,
): Promise<SsoResult> {
  const jar = new Jar();
  let response = await follow(await startSso(baseUrl, email), jar);
  for (let hops = 0; hops < 10; hops++) {
    const location = new URL(response.headers.get("location") ?? "", response.url).href;
    if (location.startsWith(baseUrl)) return callback(callbackBase + location.slice(baseUrl.length));
    if (/\/interaction\/[^/]+$/.test(new URL(location).pathname)) {
      await follow(location, jar);
      response = await follow(location, jar, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ prompt: "login", login, password: "any-password" }).toString(),
      });
    } else response = await follow(location, jar);
    if (response.status < 300 || response.status >= 400)
      throw new Error(`provider answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  }
  throw new Error("too many redirects");
}

/** A client signed in with the cookie an SSO callback set. */
export function ssoClient(baseUrl: string, result: SsoResult): ApiClient {
  if (!result.cookie) throw new Error(`no session: ${result.location}`);
  return new ApiClient(baseUrl).withCookie(result.cookie);
}
