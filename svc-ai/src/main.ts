import 'reflect-metadata';
import { observe } from '@tms/service-kit/observe';

// Logs, and traces when configured, before anything they watch is loaded (service-kit's observe/observe.ts).
await observe('svc-ai');
const { startService } = await import('@tms/service-kit');
const { AppModule } = await import('./app.module.js');

// A stop does not wait for a document being read (that may take a minute): its reader is stopped and its caller
// told 'busy', to try again on another replica (ExtractService.onModuleDestroy).
await startService('ai', AppModule, { heldRequestsWaitMs: 0 });
