import { Type, type Static } from "typebox";
import { IdParam, Nullable } from "./fields.js";

/** The signed-in user's own sessions (issue 25): listed on the account page, ended one by one or all but this one. */

export const ActiveSession = Type.Object(
  {
    id: Type.String({ description: "the session's public id (`ses_…`); never its token" }),
    createdAt: Type.String({ format: "date-time", description: "when the user signed in" }),
    lastSeenAt: Type.String({ format: "date-time", description: "its last request (recorded at most once a minute)" }),
    userAgent: Nullable(Type.String(), { description: "the browser's User-Agent at sign-in (at most 200 characters)" }),
    address: Nullable(Type.String(), {
      description: "the client address at sign-in (behind a trusted proxy, from X-Forwarded-For)",
    }),
    current: Type.Boolean({ description: "true for the session making this request" }),
  },
  { title: "ActiveSession", description: "One of the signed-in user's live sessions." },
);
export type ActiveSession = Static<typeof ActiveSession>;

export const ActiveSessionList = Type.Object(
  { sessions: Type.Array(ActiveSession, { description: "the current session first, then the most recently used" }) },
  { title: "ActiveSessionList" },
);
export type ActiveSessionList = Static<typeof ActiveSessionList>;

export const SessionParams = Type.Object({ sessionId: IdParam });
