/** The part of @pnpm/npm-conf's API init uses (the package ships no types for its entry). */
declare module '@pnpm/npm-conf' {
  interface NpmConf {
    config: { get(key: string): unknown };
  }
  export default function npmConf(): NpmConf;
}
