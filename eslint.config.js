import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'dist-bench/', 'coverage/', 'reports/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: ['./tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // The emulator is an independent reading of the spec: a misreading shared with the client would pass every test.
    files: ['src/emulator/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)api/(?!facts/service-facts\\.js$)',
              message: 'The emulator reads the spec on its own: of src/api it may import only the spec facts of facts/service-facts.ts.',
            },
            {
              regex: '(^|/)api/facts/service-facts\\.js$',
              importNames: ['TIME_WINDOW_PATTERN', 'CATEGORY_PATTERN', 'E164_PATTERN'],
              message: 'Formats are readings of the spec, not facts: the emulator has its own (src/emulator/formats.ts).',
            },
          ],
        },
      ],
    },
  },
  { files: ['eslint.config.js'], ...tseslint.configs.disableTypeChecked },
);
