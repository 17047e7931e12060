declare module '*.module.css' {
  const classes: Record<string, string>;
  export default classes;
}
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.webp' {
  const url: string;
  export default url;
}
declare module '*.mp4' {
  const url: string;
  export default url;
}
/** Injected at build time by the webpack config: this module's published version and name. */
declare const __MODULE_VERSION__: string;
declare const __MODULE_NAME__: string;
