import { jest } from '@jest/globals';

// A browser test signs in, loads remotes and waits for the services: jest's 5 s default is too short, and jest
// does not take `testTimeout` from a project's own config.
jest.setTimeout(60000);
