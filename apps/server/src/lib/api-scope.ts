// Which requests the API gates (key, XSRF, auth — DESIGN §5) apply to. The router matches the
// decoded path (`/%61pi/…` reaches the same route as `/api/…`), so the gates decide on the route
// that matched, not on the raw URL. A request that matched no API route is still gated when its
// path, once decoded, with slashes collapsed and in lower case, lies under the prefix: an unknown
// or near-miss API address answers 401 like a known one and reveals nothing.
import type { FastifyRequest } from 'fastify';

export function isApiRequest(request: FastifyRequest, prefix: string): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && !request.is404 && underPrefix(route, prefix)) return true;
  return underPrefix(normalisedPath(request.url), prefix.toLowerCase());
}

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

function normalisedPath(url: string): string {
  const end = url.search(/[?#;]/);
  let path = end < 0 ? url : url.slice(0, end);
  // decoded until stable: a doubly encoded address is gated like a plain one
  for (let round = 0; round < 3 && path.includes('%'); round += 1) {
    try {
      path = decodeURIComponent(path);
    } catch {
      break;
    }
  }
  return path.replace(/\/{2,}/g, '/').toLowerCase();
}
