/**
 * What a panel's Show does: a new choice replaces the one asked (its query reads it); the
 * same choice again reads it afresh, so Show is also how an operator refreshes a figure.
 */
export function ask<T>(asked: T, next: T, refetch: () => Promise<unknown>): T {
  if (JSON.stringify(asked) !== JSON.stringify(next)) return next;
  void refetch();
  return asked;
}
