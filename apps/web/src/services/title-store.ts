// SPEC §2: the header title comes from a shared title service; pages set it, the header reads it.
export interface TitleStore {
  get(): string;
  set(title: string): void;
  subscribe(listener: () => void): () => void;
}

export function createTitleStore(applicationTitle: string): TitleStore {
  let title = '';
  const listeners = new Set<() => void>();
  return {
    get: () => title,
    set(next) {
      if (next === title) return;
      title = next;
      if (typeof document !== 'undefined') {
        document.title = next ? `${next} · ${applicationTitle}` : applicationTitle;
      }
      listeners.forEach((listener) => listener());
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
