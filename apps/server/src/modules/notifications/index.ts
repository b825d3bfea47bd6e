// The notifications' entry points (docs/notifications.md): the API routes, registered in ../index.ts, and
// the one-click unsubscribe, registered in app.ts outside the API prefix.
export { default } from './routes';
export { default as unsubscribeRoutes } from './unsubscribe-routes';
