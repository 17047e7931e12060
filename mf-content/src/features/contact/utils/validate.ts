/** Spec section 5: the same shape check the original form used, on trimmed input. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type Errors<V> = Partial<Record<keyof V, string>>;

/** Name and email rules shared by every form that sends a message; other fields are the caller's. */
export function validateContact<V extends { name: string; email: string }>(values: V): Errors<V> {
  const errors: Errors<V> = {};
  if (!values.name.trim()) errors.name = 'Name is required';
  const email = values.email.trim();
  if (!email) errors.email = 'Email is required';
  else if (!EMAIL.test(email)) errors.email = 'Invalid email';
  return errors;
}

/** Today's date as a date input holds it (yyyy-mm-dd), in the visitor's own time zone. */
export function todayInputValue(now = new Date()): string {
  const mm = String(now.getMonth() + 1).padStart(2, '0');
  const dd = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${mm}-${dd}`;
}
