import 'reflect-metadata';
import { startService } from '@tms/service-kit';
import { AppModule } from './app.module.js';

await startService('ai', AppModule);
