import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * svc-ai's first table (issue 49): the layouts it learned from saved loads. `labels` is the layout's fingerprint (its
 * label words, never its values); `fields` where each learned value stood.
 */
export class ExtractLayouts1767400000000 implements MigrationInterface {
  name = 'ExtractLayouts1767400000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE ai.extract_layouts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title text NOT NULL,
        labels text[] NOT NULL,
        fields jsonb NOT NULL,
        load_id uuid NOT NULL,
        load_number text NOT NULL,
        document_id uuid NOT NULL,
        learned_at timestamptz NOT NULL DEFAULT now(),
        used_count integer NOT NULL DEFAULT 0,
        last_used_at timestamptz
      )`);
    await runner.query(`CREATE INDEX extract_layouts_learned_at ON ai.extract_layouts (learned_at DESC)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE ai.extract_layouts`);
  }
}
