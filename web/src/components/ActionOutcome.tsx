import { ErrorNotice } from "./ErrorNotice";

/** What the last action of a form did: a status line read out politely, or its error as an alert. */
export function ActionOutcome({ status, error }: { status: string; error: string | null | undefined }) {
  return (
    <>
      <p className="small" role="status" aria-live="polite">
        {status}
      </p>
      <ErrorNotice message={error} />
    </>
  );
}
