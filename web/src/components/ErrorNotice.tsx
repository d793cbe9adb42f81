/** An error in words, announced to screen readers. */
export function ErrorNotice({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="notice notice-error" role="alert">
      {message}
    </p>
  );
}
