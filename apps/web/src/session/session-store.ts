// The session of SPEC §4: logged out when no token is stored; a login stores both tokens;
// logout clears both. Tokens live in browser storage under jwtToken / jwtRefreshToken (§7).
//
// Between storing the tokens of a fresh login and raising the logged-in event the session is
// 'authenticating': the client already sends the Bearer token (to read the user settings)
// but the guards do not treat the user as signed in yet.
import { ACCESS_TOKEN_STORAGE_KEY, REFRESH_TOKEN_STORAGE_KEY } from '@vfm/contract/constants';
import { decodeClaims } from './jwt';
import { isTechnicianOf, userTypeOf, type UserType } from './user-type';

export type SessionStatus = 'anonymous' | 'authenticating' | 'authenticated';
export type SessionEvent = 'logged-in' | 'logged-out';

export interface SessionSnapshot {
  status: SessionStatus;
  userId: string | null;
  email: string | null;
  roles: readonly string[];
  userType: UserType;
  /** a field technician (docs/tasks.md): the field routes and "My tasks" only */
  technician: boolean;
}

export interface TokenPair {
  jwtToken: string;
  /** the refresh answer of SPEC §7 may carry only the access token */
  jwtRefreshToken?: string;
}

export interface SessionStore {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  on(event: SessionEvent, listener: () => void): () => void;
  accessToken(): string | null;
  refreshToken(): string | null;
  storeTokens(pair: TokenPair): void;
  /** The login flow is complete: raise the logged-in event. */
  markLoggedIn(): void;
  /** Clear both tokens and raise the logged-out event. */
  clear(): void;
}

export function createSessionStore(options: {
  applicationKey: string;
  storage?: Storage;
  /** window to listen on for changes made by other tabs */
  eventTarget?: Pick<Window, 'addEventListener'>;
}): SessionStore {
  const storage = options.storage ?? window.localStorage;
  const listeners = new Set<() => void>();
  const eventListeners: Record<SessionEvent, Set<() => void>> = {
    'logged-in': new Set(),
    'logged-out': new Set(),
  };

  const read = (key: string) => {
    try {
      return storage.getItem(key);
    } catch {
      return null;
    }
  };

  const build = (status: SessionStatus): SessionSnapshot => {
    const claims = decodeClaims(read(ACCESS_TOKEN_STORAGE_KEY));
    const roles = claims?.ROLES ?? [];
    return {
      status,
      userId: claims?.ID ?? null,
      email: claims?.sub ?? null,
      roles,
      userType: userTypeOf(roles, options.applicationKey),
      technician: isTechnicianOf(roles, options.applicationKey),
    };
  };

  let snapshot = build(read(ACCESS_TOKEN_STORAGE_KEY) ? 'authenticated' : 'anonymous');

  const update = (status: SessionStatus) => {
    snapshot = build(status);
    listeners.forEach((listener) => listener());
  };
  const emit = (event: SessionEvent) => eventListeners[event].forEach((listener) => listener());

  const store: SessionStore = {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on(event, listener) {
      eventListeners[event].add(listener);
      return () => eventListeners[event].delete(listener);
    },
    accessToken: () => read(ACCESS_TOKEN_STORAGE_KEY),
    refreshToken: () => read(REFRESH_TOKEN_STORAGE_KEY),
    storeTokens(pair) {
      storage.setItem(ACCESS_TOKEN_STORAGE_KEY, pair.jwtToken);
      if (pair.jwtRefreshToken) storage.setItem(REFRESH_TOKEN_STORAGE_KEY, pair.jwtRefreshToken);
      update(snapshot.status === 'anonymous' ? 'authenticating' : snapshot.status);
    },
    markLoggedIn() {
      update('authenticated');
      emit('logged-in');
    },
    clear() {
      const wasSignedIn = snapshot.status !== 'anonymous';
      storage.removeItem(ACCESS_TOKEN_STORAGE_KEY);
      storage.removeItem(REFRESH_TOKEN_STORAGE_KEY);
      update('anonymous');
      if (wasSignedIn) emit('logged-out');
    },
  };

  // Another tab logged out (or in): follow it.
  options.eventTarget?.addEventListener('storage', (event: StorageEvent) => {
    if (event.key !== ACCESS_TOKEN_STORAGE_KEY && event.key !== null) return;
    const present = Boolean(read(ACCESS_TOKEN_STORAGE_KEY));
    if (!present && snapshot.status !== 'anonymous') {
      update('anonymous');
      emit('logged-out');
    } else if (present && snapshot.status === 'anonymous') {
      update('authenticated');
      emit('logged-in');
    } else if (present) {
      update(snapshot.status);
    }
  });

  return store;
}
