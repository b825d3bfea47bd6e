// Waits for something that happens after an answer (an e-mail sent in the background):
// polls until `probe` returns a value, failing after a generous deadline. Not a timing
// assertion: only the outcome is checked.
export async function eventually<T>(
  probe: () => Promise<T | null | undefined> | T | null | undefined,
  { timeoutMs = 20_000, intervalMs = 50, what = 'condition' } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
