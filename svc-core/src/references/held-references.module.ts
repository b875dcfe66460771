import { Global, Module } from '@nestjs/common';
import { HeldReferences } from './held-references.service.js';
import { HeldReferencesController } from './held-references.controller.js';

/** The registry of references other services hold; HeldReferences is global for the deletes that consult it. */
@Global()
@Module({
  controllers: [HeldReferencesController],
  providers: [HeldReferences],
  exports: [HeldReferences],
})
export class HeldReferencesModule {}
