// drizzle-kit reads the schema and writes SQL migrations; it never needs a database to do so.
// Workflow: edit src/server/db/schema/*, run `npm run db:generate`, commit the new migration as is.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
