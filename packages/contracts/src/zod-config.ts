import { z } from 'zod';

/*
 * In a browser, zod parses without compiling its checks: its compiler first probes `new Function`, and our pages'
 * Content-Security-Policy (no 'unsafe-eval') reports that probe as a violation even though zod catches it. Servers
 * keep the faster compiled checks. Every front end imports the contracts before it parses anything.
 */
if (typeof window !== 'undefined') z.config({ jitless: true });
