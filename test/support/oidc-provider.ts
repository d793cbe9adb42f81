import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** An account of the test identity provider: its login name at the provider's own form is its id. */
export interface TestAccount {
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  close(): Promise<void>;
}

/**
 * How the provider is set up. `conformIdTokenClaims` is oidc-provider's own switch: `true` (its
 * default, and what OpenID Connect Core §5.4 asks) puts the `email` and `profile` scopes' claims
 * in the UserInfo response only, as Authelia does; `false` puts them in the ID token too, as Okta,
 * Google and Keycloak do.
 */
export interface OpenIdProviderSetup {
  conformIdTokenClaims: boolean;
}

/** Both setups, for suites that sign in against each. */
export const OPENID_PROVIDER_SETUPS: readonly OpenIdProviderSetup[] = [
  { conformIdTokenClaims: true },
  { conformIdTokenClaims: false },
];

/**
 * A real, certified OpenID provider (`oidc-provider`) on loopback, with its development login
 * form (any password; the login name picks the account) and consent granted for its one client.
 * Configured as shipped unless `setup` says otherwise.
 */
export async function startOpenIdProvider(
  redirectUri: string,
  setup: OpenIdProviderSetup = { conformIdTokenClaims: true },
): Promise<TestOpenIdProvider> {
  const accounts = new Map<string, TestAccount>();
  const server: Server = createServer();
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = "glossa-test";
  const clientSecret = "test-client-secret-0123456789abcdef";
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
      },
    ],
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    conformIdTokenClaims: setup.conformIdTokenClaims,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ["test-cookie-key-1"] },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: account.email, email_verified: account.emailVerified, name: account.name };
        },
      };
    },
    async loadExistingGrant(ctx) {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session!.grantIdFor(ctx.oidc.client!.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({
        clientId: ctx.oidc.client!.clientId,
        accountId: ctx.oidc.session!.accountId!,
      });
      grant.addOIDCScope("openid email profile");
      grant.addOIDCClaims(["email", "email_verified", "name"]);
      await grant.save();
      return grant;
    },
  });
  server.on("request", provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
