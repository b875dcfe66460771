import type { ComponentType } from 'react';

/** What a remote gives the shell (its `./screens` module): its screens by route path, shown inside the layout. */
export type RemoteScreens = Record<string, ComponentType>;
