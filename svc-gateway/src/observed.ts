import { observe } from '@tms/service-kit/observe';

// Logs, and traces when configured, before anything they watch is loaded (service-kit's observe/observe.ts): main.ts imports
// this module first, and the modules after it run only once it has.
await observe('svc-gateway');
