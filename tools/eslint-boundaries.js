// ESLint rule: a feature folder does not import another feature (STYLE.md "Features, not
// layers"). Web features meet in src/app; server modules meet through services, never routes.
import path from 'node:path';

const AREAS = [
  { root: 'apps/web/src/features', forbid: () => true },
  // a server module may use another module's service, never its routes
  { root: 'apps/server/src/modules', forbid: (rest) => /(^|\/)routes(\.ts)?$/.test(rest) },
];

function featureOf(file, root) {
  const rel = path.relative(path.resolve(root), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  const [feature, ...rest] = rel.split(path.sep);
  // a file directly in the root (e.g. modules/index.ts) is where features meet, not a feature
  if (!rest.length && path.extname(feature)) return null;
  return { feature, rest: rest.join('/') };
}

export const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      crossing:
        "Feature '{{from}}' must not import feature '{{to}}' ({{source}}): meet in app/ or through a service.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    return {
      ImportDeclaration(node) {
        const source = node.source.value;
        if (typeof source !== 'string' || !source.startsWith('.')) return;
        const target = path.resolve(path.dirname(file), source);
        for (const area of AREAS) {
          const from = featureOf(file, area.root);
          const to = featureOf(target, area.root);
          if (!from || !to || from.feature === to.feature || !area.forbid(to.rest)) continue;
          context.report({
            node,
            messageId: 'crossing',
            data: { from: from.feature, to: to.feature, source },
          });
        }
      },
    };
  },
};
