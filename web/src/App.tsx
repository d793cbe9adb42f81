import { useCallback, useEffect, useState } from "react";
import { api } from "./api/endpoints";
import { errorMessage, setTwoFactorRequiredListener, setUnauthenticatedListener } from "./api/http";
import type { Me } from "./api/types";
import { Layout } from "./components/Layout";
import { useCurrentOrg } from "./hooks/useCurrentOrg";
import { navigate, useLocationPath } from "./hooks/useLocationPath";
import { AcceptInvitationPage } from "./pages/account/AcceptInvitationPage";
import { AccountPage } from "./pages/account/AccountPage";
import { ForgotPasswordPage, ResetPasswordPage } from "./pages/account/PasswordResetPages";
import { AdminPage } from "./pages/admin/AdminPage";
import { CliLoginPage } from "./pages/CliLoginPage";
import { LoginPage } from "./pages/LoginPage";
import { OrgPages } from "./pages/OrgPages";
import { orgPath, parseRoute } from "./routes";

/** Session gate and router: sign-in page without a session, otherwise the page the path names. */
export function App() {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [securityNotice, setSecurityNotice] = useState<string | null>(null);
  const path = useLocationPath();
  const route = parseRoute(path);

  const reloadMe = useCallback(
    () =>
      api.me().then(
        (current) => {
          setMe(current);
          setLoadError(null);
        },
        (error: unknown) => {
          if (error instanceof Error && "status" in error && error.status === 401) setMe(null);
          else setLoadError(errorMessage(error));
        },
      ),
    [],
  );

  useEffect(() => {
    setUnauthenticatedListener(() => setMe(null));
    // An organization that requires two-factor sends its member to Account → Security first.
    setTwoFactorRequiredListener((message) => {
      setSecurityNotice(message);
      navigate("/account", { replace: true });
    });
    void reloadMe();
  }, [reloadMe]);

  // The organization the user was in, across Account, Admin and CLI-login pages too.
  const { currentOrgId, remember } = useCurrentOrg(me, route.kind === "org" ? route.orgId : undefined);
  useEffect(() => {
    if (me && route.kind === "home") {
      if (currentOrgId) navigate(orgPath(currentOrgId), { replace: true });
      else if (me.isAdmin) navigate("/admin", { replace: true });
    }
  }, [me, route.kind, currentOrgId]);

  if (route.kind === "invitation") {
    return (
      <AcceptInvitationPage
        token={route.token}
        onJoined={(orgId) => {
          // The link leaves the address bar; a new account is signed in already, an existing one signs in.
          navigate(orgId ? orgPath(orgId) : "/", { replace: true });
          void reloadMe();
        }}
      />
    );
  }
  if (route.kind === "forgot-password") return <ForgotPasswordPage />;
  if (route.kind === "reset-password") {
    return (
      <ResetPasswordPage
        token={route.token}
        onDone={() => {
          setMe(null);
          navigate("/", { replace: true });
        }}
      />
    );
  }
  if (me === undefined) {
    return (
      <main className="centered" aria-busy="true">
        {loadError ? <p role="alert">{loadError}</p> : <p>Loading…</p>}
      </main>
    );
  }
  if (me === null)
    return (
      <LoginPage
        onSignedIn={(signedIn) => {
          setSecurityNotice(null);
          setMe(signedIn);
        }}
      />
    );

  const signOut = async () => {
    try {
      await api.signOut();
    } finally {
      setMe(null);
      navigate("/", { replace: true });
    }
  };
  return (
    <Layout
      me={me}
      orgId={currentOrgId}
      onOrgChosen={remember}
      page={route.kind === "org" ? route.page : route.kind}
      onSignOut={signOut}
    >
      {route.kind === "org" && (
        <OrgPages key={route.orgId} me={me} orgId={route.orgId} page={route.page} reloadMe={reloadMe} />
      )}
      {route.kind === "cli-login" && <CliLoginPage me={me} sessionId={route.sessionId} currentOrgId={currentOrgId} />}
      {route.kind === "account" && <AccountPage me={me} reloadMe={reloadMe} securityNotice={securityNotice} />}
      {route.kind === "admin" && (me.isAdmin ? <AdminPage me={me} reloadMe={reloadMe} /> : <NotFound />)}
      {route.kind === "home" && !currentOrgId && !me.isAdmin && (
        <section>
          <h1>No organization yet</h1>
          <p>You are not a member of any organization. Ask an owner or an instance administrator to add you.</p>
        </section>
      )}
      {route.kind === "not-found" && <NotFound />}
    </Layout>
  );
}

function NotFound() {
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        <a href="/" onClick={(event) => (event.preventDefault(), navigate("/"))}>
          Go to the start page
        </a>
      </p>
    </section>
  );
}
