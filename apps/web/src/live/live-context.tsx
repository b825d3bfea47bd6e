// The stream controller for React: one per app, created with the signed-in shell and stopped
// with it (the shell only exists while a user is signed in), read through hooks.
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import type { ReactNode } from 'react';
import { useServices } from '../services/services';
import {
  createStreamController,
  type LiveStatus,
  type StreamController,
} from './stream-controller';

const LiveContext = createContext<StreamController | null>(null);

export function LiveProvider({
  children,
  controller: given,
}: {
  children: ReactNode;
  /** tests hand in their own */
  controller?: StreamController;
}) {
  const { http, queryClient, session } = useServices();
  const [controller] = useState(() => given ?? createStreamController({ http, queryClient }));
  useEffect(() => {
    controller.start();
    const stopOnLogout = session.on('logged-out', () => controller.stop());
    return () => {
      stopOnLogout();
      controller.stop();
    };
  }, [controller, session]);
  return <LiveContext value={controller}>{children}</LiveContext>;
}

export function useLive(): StreamController {
  const controller = useContext(LiveContext);
  if (!controller) throw new Error('useLive needs a <LiveProvider>');
  return controller;
}

export function useLiveStatus(): LiveStatus {
  const controller = useLive();
  return useSyncExternalStore(controller.subscribeStatus, controller.status, controller.status);
}
