/**
 * The micro-frontends, by name: each is built from `mfe-<name>`, served by the gateway at `/remotes/<name>/` and
 * loaded by the shell for the screens it owns.
 */
export const REMOTES = ['dispatch', 'fleet', 'accounting', 'safety'] as const;
export type RemoteName = (typeof REMOTES)[number];
