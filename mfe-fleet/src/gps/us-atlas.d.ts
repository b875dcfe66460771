declare module 'us-atlas/states-albers-10m.json' {
  import type { Topology } from 'topojson-specification';
  const states: Topology;
  export default states;
}
