import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gateway's schema: users (one per e-mail) and the server-side session store that connect-pg-simple reads
 * (its documented table.sql, under our names). The gateway schema itself is created by openDatabase.
 */
export class GatewayUsersSessions1763780000000 implements MigrationInterface {
  name = 'GatewayUsersSessions1763780000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "gateway"."users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "email" varchar(320) NOT NULL,
        "first_name" varchar(200),
        "last_name" varchar(200),
        "profile_image_url" varchar(2048),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "users_pkey" PRIMARY KEY ("id"),
        CONSTRAINT "users_email_key" UNIQUE ("email")
      )`);
    await queryRunner.query(`
      CREATE TABLE "gateway"."sessions" (
        "sid" varchar NOT NULL COLLATE "default",
        "sess" json NOT NULL,
        "expire" timestamp(6) NOT NULL,
        CONSTRAINT "sessions_pkey" PRIMARY KEY ("sid")
      )`);
    await queryRunner.query(`CREATE INDEX "sessions_expire_idx" ON "gateway"."sessions" ("expire")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "gateway"."sessions"`);
    await queryRunner.query(`DROP TABLE "gateway"."users"`);
  }
}
