// Routes of SPEC §2 under the language prefix (the router's basename is /{lang}). Every page
// is lazy-loaded; the guard and redirects are not, so a denied route loads nothing.
import type { ComponentType } from 'react';
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router';
import type { ShellRouteHandle } from '../shell/route-handle';
import { PublicOnly } from './guards/public-only';
import { RequireAccess } from './guards/require-access';
import { BootFallback, Root } from './root';

const user: ShellRouteHandle = { role: 'user' };
/** a user's route a field technician may open too (docs/tasks.md) */
const field: ShellRouteHandle = { role: 'field' };

/** A lazy route whose module exports the page component under `name`. */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return { Component: async () => (await load())[name] as ComponentType };
}

/**
 * A fresh route tree (the router takes ownership of the lazy definitions it resolves).
 * `beforeShell` runs with the loading of the signed-in shell (the features' translations).
 */
export const createRoutes = (beforeShell: () => Promise<void> = async () => {}): RouteObject[] => [
  {
    element: <Root />,
    hydrateFallbackElement: <BootFallback />,
    children: [
      {
        path: 'auth',
        element: <PublicOnly />,
        children: [
          {
            lazy: page(() => import('../features/auth/components/auth-frame'), 'AuthFrame'),
            children: [
              { index: true, element: <Navigate to="/auth/login" replace /> },
              {
                path: 'login',
                lazy: page(() => import('../features/auth/routes/login-page'), 'LoginPage'),
              },
              {
                path: 'reset-password',
                lazy: page(
                  () => import('../features/auth/routes/reset-password-page'),
                  'ResetPasswordPage',
                ),
              },
              {
                path: 'reset-password-success',
                lazy: page(
                  () => import('../features/auth/routes/reset-result-pages'),
                  'ResetPasswordSuccessPage',
                ),
              },
              {
                path: 'reset-password-error',
                lazy: page(
                  () => import('../features/auth/routes/reset-result-pages'),
                  'ResetPasswordErrorPage',
                ),
              },
              {
                path: 'change-password',
                lazy: page(
                  () => import('../features/auth/routes/change-password-page'),
                  'ResetChangePasswordPage',
                ),
              },
              {
                path: 'account-validation',
                lazy: page(
                  () => import('../features/auth/routes/change-password-page'),
                  'AccountValidationPage',
                ),
              },
              { path: '*', element: <Navigate to="/auth/login" replace /> },
            ],
          },
        ],
      },
      // a shared live position (docs/manager-tools.md): open to anyone with the link, signed in or not
      {
        path: 'share',
        lazy: page(
          () => import('../features/shared-position/routes/shared-position-page'),
          'SharedPositionPage',
        ),
      },
      {
        element: <RequireAccess />,
        children: [
          {
            lazy: page(async () => {
              const [layout] = await Promise.all([import('../shell/shell-layout'), beforeShell()]);
              return layout;
            }, 'ShellLayout'),
            children: [
              {
                path: 'fleet',
                handle: field,
                lazy: page(() => import('../features/fleet/routes/fleet-page'), 'FleetPage'),
              },
              {
                path: 'fleet/product/:vehicleNumber',
                handle: { role: 'field', hasPrevious: true } satisfies ShellRouteHandle,
                lazy: page(() => import('../features/bike-page/routes/bike-page'), 'BikePage'),
              },
              {
                path: 'warnings',
                handle: user,
                lazy: page(
                  () => import('../features/warnings/routes/warnings-page'),
                  'WarningsPage',
                ),
              },
              {
                path: 'statistics',
                handle: user,
                lazy: page(
                  () => import('../features/statistics/routes/statistics-page'),
                  'StatisticsPage',
                ),
              },
              // docs/battery.md: the fleet's packs
              {
                path: 'battery',
                handle: user,
                lazy: page(() => import('../features/battery/routes/battery-page'), 'BatteryPage'),
              },
              // ADR 0127: a period's reports (managers and administrators)
              {
                path: 'reports',
                handle: user,
                lazy: page(() => import('../features/reports/routes/reports-page'), 'ReportsPage'),
              },
              {
                path: 'zones',
                handle: user,
                lazy: page(() => import('../features/zones/routes/zones-page'), 'ZonesPage'),
              },
              // docs/rules.md: the fleet's rules (administrators write, managers read)
              {
                path: 'rules',
                handle: user,
                lazy: page(() => import('../features/rules/routes/rules-page'), 'RulesPage'),
              },
              // docs/tasks.md: the fleet's tasks (managers) and "My tasks" (phone-first)
              {
                path: 'tasks',
                handle: user,
                lazy: page(() => import('../features/tasks/routes/tasks-page'), 'TasksPage'),
              },
              {
                path: 'tasks/mine',
                handle: field,
                lazy: page(() => import('../features/tasks/routes/my-tasks-page'), 'MyTasksPage'),
              },
              // docs/tasks.md: the battery swap queue, for technicians and managers
              {
                path: 'tasks/battery-queue',
                handle: field,
                lazy: page(
                  () => import('../features/tasks/routes/battery-queue-page'),
                  'BatteryQueuePage',
                ),
              },
              // docs/firmware.md: packages, campaigns, versions (administrators)
              {
                path: 'firmware',
                handle: { role: 'admin' } satisfies ShellRouteHandle,
                lazy: page(
                  () => import('../features/firmware/routes/firmware-page'),
                  'FirmwarePage',
                ),
              },
              // docs/rebalancing.md: the moves suggested and the technicians' routes
              {
                path: 'rebalancing',
                handle: field,
                lazy: page(
                  () => import('../features/rebalancing/routes/rebalancing-page'),
                  'RebalancingPage',
                ),
              },
              {
                path: 'administration',
                handle: { role: 'admin' } satisfies ShellRouteHandle,
                lazy: page(
                  () => import('../features/administration/routes/administration-page'),
                  'AdministrationPage',
                ),
              },
              {
                path: 'my-account',
                handle: { role: 'field', hasPrevious: true } satisfies ShellRouteHandle,
                lazy: page(
                  () => import('../features/my-account/routes/my-account-page'),
                  'MyAccountPage',
                ),
              },
            ],
          },
        ],
      },
      // SPEC §2: an empty or unknown path goes to fleet
      { index: true, element: <Navigate to="/fleet" replace /> },
      { path: '*', element: <Navigate to="/fleet" replace /> },
    ],
  },
];

export function createAppRouter(language: string, beforeShell?: () => Promise<void>) {
  return createBrowserRouter(createRoutes(beforeShell), { basename: `/${language}` });
}
