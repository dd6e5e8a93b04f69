/** In-memory stand-in for localStorage (what the app's KeyValueStorage needs), optionally refusing like a full quota or a policy. */
export function memoryStorage(
  initial: Record<string, string> = {},
  options: { failWrites?: boolean; failReads?: boolean } = {},
) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem(key: string): string | null {
      if (options.failReads) throw new Error('SecurityError');
      return data.get(key) ?? null;
    },
    setItem(key: string, value: string): void {
      if (options.failWrites) throw new Error('QuotaExceededError');
      data.set(key, value);
    },
  };
}
