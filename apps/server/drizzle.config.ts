import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  casing: 'snake_case',
  schema: ['./src/platform/**/tables.ts', './src/modules/**/tables.ts'],
  out: './drizzle',
});
