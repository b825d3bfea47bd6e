// Collects items for a short while and hands them over together: one query for a burst of
// events instead of one per event.
export class Coalescer<T> {
  private items = new Set<T>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly delayMs: number,
    private readonly flush: (items: T[]) => void,
  ) {}

  add(item: T) {
    this.items.add(item);
    this.timer ??= setTimeout(() => {
      this.timer = null;
      const items = [...this.items];
      this.items = new Set();
      this.flush(items);
    }, this.delayMs);
  }

  clear() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.items.clear();
  }
}
