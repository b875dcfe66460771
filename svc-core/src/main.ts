import 'reflect-metadata';
import { observe } from '@tms/service-kit/observe';

// Logs, and traces when configured, before anything they watch is loaded (service-kit's observe/observe.ts).
await observe('svc-core');
const { startService } = await import('@tms/service-kit');
const { AppModule } = await import('./app.module.js');

await startService('core', AppModule);
