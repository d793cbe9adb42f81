/** How long an invitation link stays valid (issue 14: 7 days). */
export const INVITATION_TTL_MS = 7 * 24 * 3_600_000;

/** The dashboard page that accepts an invitation; the token travels in the path, never in a query string. */
export function invitationUrl(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/invitations/${encodeURIComponent(token)}`;
}

/** The invitation email: who invites, to what, the link, and when it stops working. */
export function invitationEmail(input: {
  organizationName: string;
  roleName: string;
  inviterEmail: string;
  url: string;
  expiresAt: Date;
}): { subject: string; text: string } {
  return {
    subject: `You are invited to ${input.organizationName} on Glossa`,
    text: [
      `${input.inviterEmail} invites you to join ${input.organizationName} on Glossa as ${input.roleName}.`,
      "",
      `Open this link to accept: ${input.url}`,
      "",
      `The link works once and expires on ${input.expiresAt.toUTCString()}.`,
      "If you did not expect this invitation, ignore this message.",
    ].join("\n"),
  };
}
