import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Issue 48: fuel card statements of any other layout, their columns mapped by name and saved under a unique name. */
export class FuelCardMappings1767420000000 implements MigrationInterface {
  name = 'FuelCardMappings1767420000000';

  async up(runner: QueryRunner) {
    await runner.query(`
      CREATE TABLE core.fuel_card_mappings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        columns jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX fuel_card_mappings_name_key ON core.fuel_card_mappings (lower(name))`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP TABLE core.fuel_card_mappings`);
  }
}
