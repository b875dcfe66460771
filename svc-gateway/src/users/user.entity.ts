import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/** A person who signed in through the OIDC issuer; found again by e-mail at every sign-in. */
@Entity({ name: 'users' })
@Unique('users_email_key', ['email'])
export class User {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'users_pkey' })
  id!: string;

  @Column({ type: 'varchar', length: 320 })
  email!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 200, nullable: true })
  firstName!: string | null;

  @Column({ name: 'last_name', type: 'varchar', length: 200, nullable: true })
  lastName!: string | null;

  @Column({ name: 'profile_image_url', type: 'varchar', length: 2048, nullable: true })
  profileImageUrl!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
