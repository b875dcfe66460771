/** The parts of `zipcodes` (US ZIP codes with their coordinates, offline) that geocode.ts uses. */
declare module 'zipcodes' {
  interface ZipCode {
    zip: string;
    latitude: number;
    longitude: number;
    city: string;
    state: string;
    country: string;
  }
  const zipcodes: { codes: Record<string, ZipCode>; lookup(zip: string | number): ZipCode | undefined };
  export default zipcodes;
}
