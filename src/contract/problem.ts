import { ERROR_STATUS, type ErrorCode } from "./errors.js";
import { Type, type Static } from "typebox";

/** RFC 9457 problem details with the docs/api.md#errors members; every error response has this body. */
export const Problem = Type.Object(
  {
    type: Type.String({ description: "a URI naming the problem type" }),
    title: Type.String({ description: "the HTTP status in words" }),
    status: Type.Integer(),
    detail: Type.String({ description: "what went wrong, for people" }),
    code: Type.Unsafe<ErrorCode>(
      Type.String({ enum: Object.keys(ERROR_STATUS), description: "the stable machine-readable name of the error" }),
    ),
    message: Type.String({ description: "same as `detail` (clients of other localization APIs read `message`)" }),
    requestId: Type.String({ description: "also in the `x-request-id` header; quote it when reporting a problem" }),
    errors: Type.Optional(
      Type.Array(Type.Object({ path: Type.String(), message: Type.String() }), {
        description: "400 `invalid_request` only: one entry per malformed field",
      }),
    ),
  },
  { title: "Problem", description: "RFC 9457 problem details, with the stable `code` clients act on." },
);
export type Problem = Static<typeof Problem>;

/** What each error status means on this API; the body's `code` says exactly which error it is. */
const PROBLEM_STATUSES = {
  400: "The request is malformed (`invalid_request`; `errors` lists each field).",
  401: "No valid credentials: the API key or the session is missing, unknown or expired.",
  403: "Authenticated, but not allowed to do this.",
  404: "The resource does not exist, or is outside the caller's organizations.",
  405: "The method is not allowed on this path.",
  409: "The request conflicts with the current state (a name or email taken, the last owner).",
  413: "The body is larger than the server accepts (`payload_too_large`).",
  415: "The body is not JSON (`unsupported_media_type`).",
  422: "The engine cannot translate this request (`unsupported_locale_pair`), or every model failed definitively (`engine_failed`); do not retry.",
  429: "Too many failed authentications from this client, the key's rate limit (`rate_limited`), or a monthly character limit (`quota_exceeded`); see `Retry-After`.",
  502: "Every model of the engine was only rate limited by its provider (`engine_failed`); a retry may help.",
  503: "The database is unavailable (`unavailable`); the server fails closed.",
} as const;
export type ProblemStatus = keyof typeof PROBLEM_STATUSES;

const problemResponse = (status: ProblemStatus) => ({
  description: PROBLEM_STATUSES[status],
  content: { "application/problem+json": { schema: Problem } },
});
type ProblemResponse = ReturnType<typeof problemResponse>;

/** The `schema.response` entries of a route's error statuses, all with the problem+json body. */
export function problemResponses<const S extends ProblemStatus>(...statuses: S[]): Record<S, ProblemResponse> {
  return Object.fromEntries(statuses.map((status) => [status, problemResponse(status)])) as Record<S, ProblemResponse>;
}
