import 'reflect-metadata';
import { observe } from '@tms/service-kit/observe';

// Logs, and traces when configured, before anything they watch is loaded (service-kit's observe/observe.ts).
await observe('svc-accounting');
const { startService } = await import('@tms/service-kit');
const { AppModule } = await import('./app.module.js');

await startService('accounting', AppModule);
