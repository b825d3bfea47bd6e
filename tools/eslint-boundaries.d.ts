// Types of the ESLint rules of the code's shape (eslint-boundaries.js), for the tests that use them.
import type { Rule } from 'eslint';

export const featureBoundaries: Rule.RuleModule;
export const webLayers: Rule.RuleModule;
export const noSqlInRoutes: Rule.RuleModule;
export const WEB_LAYERS: Record<string, number>;
export function webFolderOf(file: string): string | null;
export function isModuleRoutes(file: string): boolean;
export const serverLayers: Rule.RuleModule;
export const SERVER_LAYERS: Record<string, number>;
export function serverPartOf(file: string): string | null;
