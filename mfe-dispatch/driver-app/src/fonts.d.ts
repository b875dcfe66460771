/** A font file imported by the driver app: webpack copies it into the build and answers its address (webpack.config.js). */
declare module '*.ttf' {
  const url: string;
  export default url;
}
