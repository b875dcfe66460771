import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Lists are read page by page in their order (created_at DESC, id DESC): each page starts with an index lookup. */
export class ListOrder1763800000000 implements MigrationInterface {
  name = 'ListOrder1763800000000';

  async up(runner: QueryRunner) {
    await runner.query(`CREATE INDEX trucks_list_order_idx ON core.trucks (created_at DESC, id DESC)`);
    await runner.query(`CREATE INDEX drivers_list_order_idx ON core.drivers (created_at DESC, id DESC)`);
  }

  async down(runner: QueryRunner) {
    await runner.query(`DROP INDEX core.drivers_list_order_idx`);
    await runner.query(`DROP INDEX core.trucks_list_order_idx`);
  }
}
