/**
 * A refusal in one line for people: the message, then the field errors it does not already say.
 * ("The webhook URL names a host that does not resolve." carries its field error's sentence; it is
 * not repeated as "(/url: names a host that does not resolve)".)
 */
export function problemText(message: string, fieldErrors: readonly { path: string; message: string }[]): string {
  const fields = fieldErrors
    .filter((field) => !message.includes(field.message))
    .map((field) => `${field.path}: ${field.message}`)
    .join("; ");
  return fields ? `${message} (${fields})` : message;
}
