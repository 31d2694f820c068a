// `npm run lint`: ESLint (typescript-eslint, React hooks, jsx-a11y, the layer rules of
// eslint/boundaries.js) and Prettier's check.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import boundaries from './eslint/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-server/**',
      'dev-dist/**',
      'node_modules/**',
      'src/routeTree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      'reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { boundaries },
    rules: {
      'boundaries/layers': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // Pages are drawn on the server, where the CSP refuses style attributes and hydration never
    // sets them again: a style is given once hydrated (src/lib/use-hydrated.ts).
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "JSXAttribute[name.name='style'] > JSXExpressionContainer > :not(CallExpression[callee.name='styled'])",
          message: 'Give `style` through `styled(...)` of useStyleWhenHydrated (src/lib/use-hydrated.ts).',
        },
      ],
    },
  },
  prettier,
);
